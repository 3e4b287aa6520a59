import fs from 'node:fs/promises';
import { probeMp4 } from './mp4';
import { fileReader, ReadBudgetExceeded, type ByteReader } from './reader';
import { sniffOther } from './sniff';
import { PLAYABLE, refuse, type ProbeResult } from './types';
import { probeWebm } from './webm';

/**
 * Whether a file is a video a browser plays, by reading its container's headers (never its name or declared type,
 * never the whole file): the container, the codecs of its video and sound tracks, and its duration. A refusal is a
 * sentence saying what was found.
 */
export async function probeVideoFile(file: string): Promise<ProbeResult> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    return await probeVideo(fileReader(handle, size));
  } finally {
    await handle.close();
  }
}

export async function probeVideo(reader: ByteReader): Promise<ProbeResult> {
  if (reader.size === 0) return refuse('This file is empty.');
  const head = await reader.read(0, 512);
  try {
    if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp')
      return await probeMp4(reader, head.toString('latin1', 8, 12));
    if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return await probeWebm(reader);
  } catch (error) {
    if (error instanceof ReadBudgetExceeded)
      return refuse('This file’s headers are too large to check; it is not a video a browser can play.');
    throw error;
  }
  if (head.length >= 8 && ['moov', 'mdat', 'free', 'wide'].includes(head.toString('latin1', 4, 8)))
    return refuse(`This file is a QuickTime movie without a file type box; export it as MP4: ${PLAYABLE}.`);
  const other = sniffOther(head);
  return refuse(
    other
      ? `This file is ${other}, not a video a browser can play; ${PLAYABLE}.`
      : `This file is not a video a browser can play: it is neither MP4 nor WebM; ${PLAYABLE}.`,
  );
}
