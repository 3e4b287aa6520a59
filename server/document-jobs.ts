import { certificatePdf, type CertificatePaper } from './features/academy/certificate-pdf';
import { buildDossier, type DossierFacts } from './features/public-passport/dossier-build';
import { labelPng, type LabelFacts } from './features/public-passport/passport-images';
import { openGraphPng, type OpenGraphFacts } from './media/og-image';

// The document builds a worker thread runs (server/document-worker.ts), by name, each from plain structured-clonable
// inputs to bytes (docs/decisions/029-documents-built-once.md). The same functions run in-process when there are
// no workers (the in-process tests).

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export const documentJobs = {
  dossier: (facts: DossierFacts): Promise<Uint8Array> => buildDossier(facts),
  certificate: (input: {
    certificate: CertificatePaper;
    pageUrl: string;
    signedWith: { kid: string; algorithm: string };
  }): Promise<Uint8Array> => certificatePdf(input.certificate, input.pageUrl, input.signedWith),
  label: (facts: LabelFacts): Promise<Uint8Array> => labelPng(facts),
  og: (input: { picture: Uint8Array | null; facts: OpenGraphFacts }): Promise<Uint8Array> =>
    openGraphPng(input.picture ? bufferOf(input.picture) : null, input.facts),
};

export type DocumentJobs = typeof documentJobs;
export type DocumentJob = keyof DocumentJobs;
export type JobInput<J extends DocumentJob> = Parameters<DocumentJobs[J]>[0];
