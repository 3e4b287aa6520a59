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

/** Every attached file of the PDF, by file name, as UTF-8 text. */
export async function readPdfAttachments(bytes: Uint8Array): Promise<Map<string, string>> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const files = new Map<string, string>();
  for (const [key, spec] of namePairs(doc, tree)) {
    const fileName = text(spec.lookup(PDFName.of('UF'))) ?? text(spec.lookup(PDFName.of('F'))) ?? key;
    const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream) || files.has(fileName)) continue;
    files.set(
      fileName,
      new TextDecoder('utf-8', { fatal: true }).decode(decodePDFRawStream(stream).decode()),
    );
  }
  return files;
}
