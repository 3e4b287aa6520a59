// The dossier's files for standard tooling, attached beside passport-log.json: the log's tlog-policy and one
// C2SP tlog-proof per event (entry-<index>.tlog-proof), each verifiable with the leaf printed in the dossier.
import type { PDFDocument } from 'pdf-lib';
import type { DossierLogFiles } from './dossier-log';

export const POLICY_ATTACHMENT = 'log-policy.txt';
export const INDEX_ATTACHMENT = 'passport-index.json';
export const proofAttachmentName = (index: number) => `entry-${index}.tlog-proof`;

export async function attachLogFiles(doc: PDFDocument, files: DossierLogFiles): Promise<void> {
  await doc.attach(Buffer.from(files.policy, 'utf8'), POLICY_ATTACHMENT, {
    mimeType: 'text/plain',
    description:
      "The log's tlog-policy as the registry publishes it at /log/policy: compare it with one you trust before relying on it",
  });
  if (files.index)
    await doc.attach(Buffer.from(files.index, 'utf8'), INDEX_ATTACHMENT, {
      mimeType: 'application/json',
      description:
        "The verifiable index's lookup of this passport: every log entry it has at the revision's log size, proved (decision 032)",
    });
  for (const p of files.proofs)
    await doc.attach(Buffer.from(p.text, 'utf8'), proofAttachmentName(p.index), {
      mimeType: 'text/plain',
      description: `C2SP tlog-proof of log entry ${p.index} against the cosigned checkpoint`,
    });
}
