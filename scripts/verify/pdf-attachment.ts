// Reads the `passport-log.json` file attached to a dossier PDF (the PDF's EmbeddedFiles name tree).
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFObject,
} from 'pdf-lib';

export const ATTACHMENT_NAME = 'passport-log.json';

function text(obj: PDFObject | undefined): string | null {
  return obj instanceof PDFString || obj instanceof PDFHexString ? obj.decodeText() : null;
}

/** Walks a name tree (Names pairs and Kids) collecting [name, file spec] pairs. */
function namePairs(doc: PDFDocument, node: PDFDict | undefined, out: [string, PDFDict][] = [], depth = 0) {
  if (!node || depth > 20) return out;
  const names = node.lookupMaybe(PDFName.of('Names'), PDFArray);
  if (names)
    for (let i = 0; i + 1 < names.size(); i += 2) {
      const spec = names.lookup(i + 1);
      const name = text(names.lookup(i));
      if (name !== null && spec instanceof PDFDict) out.push([name, spec]);
    }
  const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
  if (kids) for (let i = 0; i < kids.size(); i++) namePairs(doc, kids.lookup(i, PDFDict), out, depth + 1);
  return out;
}

export async function readPdfAttachment(bytes: Uint8Array, name = ATTACHMENT_NAME): Promise<string> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  for (const [key, spec] of namePairs(doc, tree)) {
    const fileName = text(spec.lookup(PDFName.of('UF'))) ?? text(spec.lookup(PDFName.of('F'))) ?? key;
    if (fileName !== name && key !== name) continue;
    const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream)) break;
    return new TextDecoder('utf-8', { fatal: true }).decode(decodePDFRawStream(stream).decode());
  }
  throw new Error(`the PDF has no attached ${name}`);
}
