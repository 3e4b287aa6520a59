import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import {
  ACADEMY_ISSUER_NAME,
  revokedKeyMessage,
  type PublicCertificate,
} from '../../../contract/certificates';
import type { FontStyle } from '../../typeset/fonts';
import { INK, PdfText } from '../../typeset/pdf-text';

// The certificate on paper: one landscape A4 page with the learner, the course and the date, and how to check it
// (the page's address as text and as a QR code, the certificate id and the key that signed it). The signed
// credential itself is attached (certificate.jwt) so the paper copy carries what a verifier needs.

const PAGE = { width: 841.89, height: 595.28 };
const MUTED = rgb(0.38, 0.32, 0.26);
const ACCENT = rgb(0.55, 0.33, 0.13);
const WARNING = rgb(0.6, 0.1, 0.1);

/** What the paper prints of a certificate: the stored copy is keyed by exactly these (docs/decisions/029). */
export type CertificatePaper = Pick<
  PublicCertificate,
  'id' | 'jwt' | 'learnerName' | 'course' | 'issuedAt' | 'keyRevokedAt'
>;

export async function certificatePdf(
  certificate: CertificatePaper,
  pageUrl: string,
  signedWith: { kid: string; algorithm: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate of completion: ${certificate.course.title}`);
  doc.setAuthor(ACADEMY_ISSUER_NAME);
  doc.setSubject(`${certificate.learnerName} completed ${certificate.course.title}`);
  doc.setCreationDate(new Date(certificate.issuedAt));
  doc.setModificationDate(new Date(certificate.issuedAt));
  // The names and the title can be in any script: the faces for their characters are embedded, subset.
  const text = await PdfText.for(
    doc,
    ['serif', 'serif-bold', 'sans', 'mono'],
    `${certificate.learnerName}${certificate.course.title}${pageUrl}${signedWith.kid}`,
  );
  const [serif, serifBold, sans, mono] = ['serif', 'serif-bold', 'sans', 'mono'] as const;
  // A very long course title or name is shrunk to fit (down to 10 pt), then cut with "…", between the frames.
  const centred = (line: string, y: number, size: number, style: FontStyle, color = INK) =>
    text.centred(page, line, { y, size, style, color, left: 70, right: PAGE.width - 70 });
  const page = doc.addPage([PAGE.width, PAGE.height]);
  // A double frame: a heavy outer line and a thin inner one.
  for (const [inset, borderWidth] of [
    [24, 2],
    [32, 0.5],
  ] as const)
    page.drawRectangle({
      x: inset,
      y: inset,
      width: PAGE.width - 2 * inset,
      height: PAGE.height - 2 * inset,
      borderColor: ACCENT,
      borderWidth,
    });
  const issued = new Date(certificate.issuedAt).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  centred(ACADEMY_ISSUER_NAME.toUpperCase(), 500, 13, sans, ACCENT);
  centred('Certificate of completion', 450, 34, serifBold);
  centred('This certifies that', 400, 14, serif, MUTED);
  centred(certificate.learnerName, 360, 30, serifBold);
  centred('completed every lesson of the course', 322, 14, serif, MUTED);
  centred(certificate.course.title, 285, 24, serifBold);
  centred(`on ${issued}`, 250, 14, serif, MUTED);
  // A paper copy printed after the revocation says so; one printed before is checked through its QR code.
  if (certificate.keyRevokedAt)
    centred(revokedKeyMessage(certificate.keyRevokedAt), 212, 13, serifBold, WARNING);

  // How to check it: the QR and the address lead to the page that verifies the signature.
  const qr = QRCode.create(pageUrl, { errorCorrectionLevel: 'M' });
  const cells = qr.modules.size;
  const side = 96;
  const cell = side / cells;
  const qx = 70;
  const qy = 70;
  for (let r = 0; r < cells; r++)
    for (let c = 0; c < cells; c++)
      if (qr.modules.get(r, c))
        page.drawRectangle({
          x: qx + c * cell,
          y: qy + side - (r + 1) * cell,
          width: cell,
          height: cell,
          color: INK,
        });
  const lines: [string, FontStyle, number][] = [
    ['Check this certificate:', sans, 10],
    [pageUrl, mono, 9],
    [`Certificate ${certificate.id}`, sans, 10],
    [`Signed (${signedWith.algorithm}, Open Badges 3.0 credential) with key ${signedWith.kid}`, sans, 8],
    ['The signed credential is attached to this PDF as certificate.jwt.', sans, 8],
  ];
  let y = qy + side - 12;
  for (const [line, style, size] of lines) {
    text.draw(page, line, { x: qx + side + 18, y, size, style, color: MUTED });
    y -= size + 9;
  }
  await doc.attach(new TextEncoder().encode(certificate.jwt), 'certificate.jwt', {
    mimeType: 'application/vc+jwt',
    description: 'The Open Badges 3.0 credential as a compact VC-JWT',
    creationDate: new Date(certificate.issuedAt),
    modificationDate: new Date(certificate.issuedAt),
  });
  return doc.save({ useObjectStreams: false });
}
