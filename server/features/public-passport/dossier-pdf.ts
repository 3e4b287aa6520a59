import { describeKind } from '../../../contract/registry-values';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import type { PassportLogBundle, RevealedValue } from '../../../contract/log';
import type { PublicPassport } from '../../../contract/public-passport';
import { attachLogFiles } from './dossier-attachments';
import type { DossierLogFiles } from './dossier-log';
import { PdfText } from '../../typeset/pdf-text';

// The provenance dossier: the public passport on paper, every log entry with its leaf hash, the checkpoint and
// the QR, with the machine-readable log attached (passport-log.json) so it can be verified offline.

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;

class Writer {
  private page: PDFPage;
  private y = A4.height - MARGIN;
  constructor(
    private readonly doc: PDFDocument,
    private readonly typeset: PdfText,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
  }

  private room(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage([A4.width, A4.height]);
      this.y = A4.height - MARGIN;
    }
  }

  text(value: string, options: { size?: number; bold?: boolean; mono?: boolean; gap?: number } = {}) {
    const size = options.size ?? 10;
    const style = options.mono ? 'mono' : options.bold ? 'sans-bold' : 'sans';
    // Line breaks are kept; long hashes have no spaces and are cut by characters.
    for (const line of this.typeset.wrap(value, A4.width - MARGIN * 2, size, style)) {
      this.room(size * 1.35);
      this.typeset.draw(this.page, line, { x: MARGIN, y: this.y - size, size, style });
      this.y -= size * 1.35;
    }
    this.y -= options.gap ?? 2;
  }

  heading(value: string) {
    this.y -= 8;
    this.room(40);
    this.text(value, { size: 14, bold: true, gap: 4 });
  }

  async image(png: Buffer, maxWidth: number, maxHeight: number) {
    const embedded = await this.doc.embedPng(png);
    const scale = Math.min(maxWidth / embedded.width, maxHeight / embedded.height, 1);
    const w = embedded.width * scale;
    const h = embedded.height * scale;
    this.room(h + 6);
    this.page.drawImage(embedded, { x: MARGIN, y: this.y - h, width: w, height: h });
    this.y -= h + 6;
  }
}

export interface DossierInput {
  passport: PublicPassport;
  pageUrl: string;
  bundle: PassportLogBundle;
  /** Hex leaf hashes, by log index. */
  leafHashes: Map<number, string>;
  photoPng: Buffer | null;
  labelPng: Buffer;
  /** The owner's copy: private values and the salts that open their commitments in the log. */
  revealed?: RevealedValue[];
  /** The policy and the tlog-proof files, attached beside passport-log.json. */
  logFiles?: DossierLogFiles;
}

/** Every value from the input the dossier can print: the faces for its characters (any script) are embedded. */
const printedValues = (input: DossierInput) =>
  JSON.stringify({ ...input, photoPng: null, labelPng: null, leafHashes: null }) +
  input.bundle.entries.map((e) => Buffer.from(e.leafBase64, 'base64').toString('utf8')).join('');

export async function dossierPdf(input: DossierInput): Promise<Uint8Array> {
  const { passport: p, bundle } = input;
  const doc = await PDFDocument.create();
  doc.setTitle(`Provenance dossier ${p.passportCode}`);
  doc.setSubject(`${p.name}: public passport and registry log entries`);
  doc.setProducer('Luthier Registry');
  const w = new Writer(doc, await PdfText.for(doc, ['sans', 'sans-bold', 'mono'], printedValues(input)));
  w.text(
    input.revealed
      ? "Luthier Registry · Provenance dossier · OWNER'S COPY"
      : 'Luthier Registry · Provenance dossier',
    { size: 10 },
  );
  w.text(p.name, { size: 22, bold: true, gap: 4 });
  w.text(`Passport ${p.passportCode} · ${input.pageUrl}`, { size: 10, gap: 8 });
  if (p.stolen) w.text(`REPORTED STOLEN on ${p.stolen.reportedOn}.`, { size: 12, bold: true, gap: 6 });
  if (input.photoPng) await w.image(input.photoPng, 300, 220);
  await w.image(input.labelPng, 240, 120);

  w.heading('Build facts');
  const b = p.build;
  const facts: [string, string | number | null][] = [
    [
      'Maker',
      p.maker
        ? `${p.maker.shopName}${p.maker.accountClosed ? ' (account closed)' : p.maker.verified ? ' (verified shop)' : ''}`
        : null,
    ],
    ['Type', describeKind(p.instrumentType, p.category)],
    ['Model', p.model],
    ['Serial number', p.serialNumber],
    ['Year made', p.yearMade],
    ['Body wood', b.bodyWood],
    ['Neck wood', b.neckWood],
    ['Fretboard wood', b.fretboardWood],
    ['Finish', b.finishType],
    ['Strings', b.numberOfStrings],
    ['Scale length', b.scaleLength === null ? null : `${b.scaleLength} mm`],
    ['Status', p.status],
  ];
  for (const [label, value] of facts) if (value !== null) w.text(`${label}: ${value}`);
  if (p.description) w.text(p.description, { gap: 4 });

  w.heading('Verification');
  w.text(
    p.verification
      ? `Verified${p.verification.adminName ? ` by ${p.verification.adminName}` : ''} on ${p.verification.verifiedOn}. ${p.verification.statement}`
      : 'Not verified by the registry.',
  );

  w.heading('Provenance');
  for (const owner of p.provenance) w.text(owner.label);
  w.heading('Service history');
  if (!p.services.length) w.text('No service recorded.');
  for (const s of p.services) w.text(`${s.serviceDate} · ${s.serviceType} · ${s.servicer}: ${s.description}`);

  w.heading('Registry log entries');
  w.text(
    `Each event below is a leaf of the registry's append-only log (${bundle.origin}). The attached file passport-log.json carries the leaves and their inclusion proofs; "npm run verify -- this.pdf" checks them offline.`,
    { gap: 6 },
  );
  for (const entry of bundle.entries) {
    const leaf = Buffer.from(entry.leafBase64, 'base64').toString('utf8');
    w.text(`Entry ${entry.index} · leaf hash ${input.leafHashes.get(entry.index) ?? ''}`, { bold: true });
    w.text(leaf, { size: 7, mono: true, gap: 5 });
  }
  if (input.revealed) {
    w.heading("Private values (owner's copy)");
    w.text(
      'The log shows these values only as salted SHA-256 commitments. With the salts below (also in the attached file), anyone you give this copy to can check each value against the signed log; keep it private and share the public dossier instead.',
      { gap: 6 },
    );
    if (!input.revealed.length) w.text('No private values were recorded while you owned this instrument.');
    for (const r of input.revealed) {
      w.text(`Entry ${r.index} · ${r.path}: ${JSON.stringify(r.value)}`, { bold: true });
      w.text(`salt ${r.salt}`, { size: 7, mono: true, gap: 4 });
    }
  }
  w.heading('Checkpoint');
  w.text(bundle.checkpoint, { size: 8, mono: true });
  w.text(`Verifier key: ${bundle.vkey}`, { size: 8, mono: true });

  const json = JSON.stringify(input.revealed ? { ...bundle, revealed: input.revealed } : bundle, null, 2);
  await doc.attach(Buffer.from(json, 'utf8'), 'passport-log.json', {
    mimeType: 'application/json',
    description: 'The passport log: checkpoint, verifier key, leaves and inclusion proofs',
  });
  if (input.logFiles) await attachLogFiles(doc, input.logFiles);
  // A fixed date keeps the bytes (and the ETag) the same while nothing changes.
  const fixed = new Date(`${p.registeredOn}T00:00:00Z`);
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  return doc.save();
}
