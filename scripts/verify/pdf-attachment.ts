// Reads the `passport-log.json` file attached to a dossier PDF (the PDF's EmbeddedFiles name tree). The PDF may be
// hostile: the tree is walked once per node (a /Kids that names itself or an ancestor is not followed again) and
// to a bounded size, each attachment is inflated by zlib up to a byte budget, and so is every stream pdf-lib
// decodes while loading (object streams: a few hundred bytes of chained /RunLengthDecode filters decode to
// gigabytes), so a crafted file ends in "not a readable PDF" instead of a verifier that spins.
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFObject,
} from 'pdf-lib';

const MAX_TREE_DEPTH = 20;
/** Nodes and name pairs of the tree: a dossier holds a few files per passport event. */
const MAX_TREE_NODES = 10_000;
/** All attachments together, decoded. */
const MAX_ATTACHED_BYTES = 64 * 1024 * 1024;

/** What pdf-lib may decode while loading one PDF, all streams together. */
const MAX_DECODED_BYTES = 16 * 1024 * 1024;

interface Decoder {
  buffer: Uint8Array;
  ensureBuffer(requested: number): Uint8Array;
}
// Every pdf-lib decoder (Flate, LZW, RunLength, ASCII85, ASCIIHex) grows its output through this one method: the
// budget is counted there. pdf-lib offers no option for it; 'pdf-lib' resolves to this same CommonJS build.
const decoder = (
  createRequire(import.meta.url)('pdf-lib/cjs/core/streams/DecodeStream.js') as {
    default: { prototype: Decoder };
  }
).default.prototype;
const grow: Decoder['ensureBuffer'] = Reflect.get(decoder, 'ensureBuffer');
let decodeBudget = Infinity;
/**
 * When pdf-lib must have finished decoding. Chained filters (five RunLengthDecode layers in a 435-byte object
 * stream) cost time without growing any buffer much, so the byte budget alone let a crafted file spin for
 * minutes; every decoder asks for its buffer once a block, which is where the clock is read.
 */
let decodeDeadline = Infinity;
let decodeRefusal: Error | null = null;
/** How long loading one PDF may take: dossiers load in well under a second. */
const MAX_DECODE_MS = Number(process.env.VERIFY_PDF_DECODE_MS ?? 5000);
decoder.ensureBuffer = function ensureBuffer(this: Decoder, requested: number) {
  // pdf-lib logs and skips an object whose parse throws, so the reason is also kept for after the load.
  if (Date.now() > decodeDeadline)
    throw (decodeRefusal = new Error(`its streams take more than ${MAX_DECODE_MS / 1000} s to decode`));
  const more = requested - this.buffer.byteLength;
  if (more > 0 && (decodeBudget -= more) < 0)
    throw (decodeRefusal = new Error(
      `its streams decode to more than ${MAX_DECODED_BYTES / 1024 / 1024} MiB`,
    ));
  return grow.call(this, requested);
};

async function loadBounded(bytes: Uint8Array): Promise<PDFDocument> {
  decodeBudget = MAX_DECODED_BYTES;
  decodeDeadline = Date.now() + MAX_DECODE_MS;
  decodeRefusal = null;
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    // Set by the decoders during the load (TypeScript still sees the null assigned above).
    const refused = decodeRefusal as Error | null;
    if (refused) throw refused;
    return doc;
  } catch (e) {
    throw (decodeRefusal as Error | null) ?? e;
  } finally {
    decodeBudget = Infinity;
    decodeDeadline = Infinity;
  }
}

function text(obj: PDFObject | undefined): string | null {
  return obj instanceof PDFString || obj instanceof PDFHexString ? obj.decodeText() : null;
}

/** Walks a name tree (Names pairs and Kids) collecting [name, file spec] pairs, each node once. */
function namePairs(root: PDFDict | undefined): [string, PDFDict][] {
  const out: [string, PDFDict][] = [];
  const seen = new Set<PDFDict>();
  const walk = (node: PDFDict, depth: number) => {
    if (seen.has(node)) return;
    if (depth > MAX_TREE_DEPTH)
      throw new Error(`its attachment tree is more than ${MAX_TREE_DEPTH} levels deep`);
    if (seen.size + out.length >= MAX_TREE_NODES)
      throw new Error(`its attachment tree has more than ${MAX_TREE_NODES} entries`);
    seen.add(node);
    const names = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    if (names)
      for (let i = 0; i + 1 < names.size(); i += 2) {
        const spec = names.lookup(i + 1);
        const name = text(names.lookup(i));
        if (name !== null && spec instanceof PDFDict) out.push([name, spec]);
      }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    if (kids) for (let i = 0; i < kids.size(); i++) walk(kids.lookup(i, PDFDict), depth + 1);
  };
  if (root) walk(root, 0);
  return out;
}

/** An attachment's bytes: stored as they are or FlateDecode (what dossiers use), at most `budget` of them. */
function streamBytes(stream: PDFRawStream, budget: number): Uint8Array {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const single = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
  if (single === undefined) {
    if (stream.getContentsSize() > budget) throw new Error('its attachments are too large');
    return stream.getContents();
  }
  if (single !== PDFName.of('FlateDecode') || stream.dict.has(PDFName.of('DecodeParms')))
    throw new Error('an attachment is encoded other than with FlateDecode');
  try {
    return inflateSync(stream.getContents(), { maxOutputLength: budget });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new Error('its attachments are too large');
    throw e;
  }
}

/** Every attached file of the PDF, by file name, as UTF-8 text. */
export async function readPdfAttachments(bytes: Uint8Array): Promise<Map<string, string>> {
  const doc = await loadBounded(bytes);
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const files = new Map<string, string>();
  let budget = MAX_ATTACHED_BYTES;
  for (const [key, spec] of namePairs(tree)) {
    const fileName = text(spec.lookup(PDFName.of('UF'))) ?? text(spec.lookup(PDFName.of('F'))) ?? key;
    const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream) || files.has(fileName)) continue;
    const content = streamBytes(stream, budget);
    budget -= content.byteLength;
    files.set(fileName, new TextDecoder('utf-8', { fatal: true }).decode(content));
  }
  return files;
}
