import sharp from 'sharp';
import type { PassportLogBundle, RevealedValue } from '../../../contract/log';
import type { PublicPassport } from '../../../contract/public-passport';
import type { DossierLogFiles } from './dossier-log';
import { dossierPdf } from './dossier-pdf';
import { labelPng, type LabelFacts } from './passport-images';

/**
 * Everything a dossier is drawn from, as plain data (structured-clonable: it crosses to a build worker, where a
 * Buffer arrives as a Uint8Array).
 */
export interface DossierFacts {
  passport: PublicPassport;
  pageUrl: string;
  label: LabelFacts;
  photo: Uint8Array | null;
  bundle: PassportLogBundle;
  leafHashes: Map<number, string>;
  logFiles: DossierLogFiles;
  /** Log indexes the embedded checkpoint covers. */
  logged: Set<number>;
  /** The owner's copy: their private values and salts. */
  revealed?: RevealedValue[];
}

/** The dossier's bytes; with `revealed`, the owner's copy. */
export async function buildDossier(f: DossierFacts): Promise<Uint8Array> {
  const photo = f.photo ? Buffer.from(f.photo.buffer, f.photo.byteOffset, f.photo.byteLength) : null;
  const [label, photoPng] = await Promise.all([
    labelPng(f.label),
    photo
      ? sharp(photo, { density: 150 })
          .resize(900, 700, { fit: 'inside' })
          .png()
          .toBuffer()
          .catch(() => null)
      : null,
  ]);
  return dossierPdf({
    passport: f.passport,
    pageUrl: f.pageUrl,
    bundle: f.bundle,
    leafHashes: f.leafHashes,
    photoPng,
    labelPng: label,
    revealed: f.revealed?.filter((r) => f.logged.has(r.index)),
    logFiles: f.logFiles,
  });
}
