import { describe, expect, it } from 'vitest';
import { fromBase64 } from './bytes';
import { formatVerifierKey, openNote, parseCheckpointBody, parseVerifierKey } from './note';

// The example key and note of Go's golang.org/x/mod/sumdb/note.
const VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const TEXT =
  'If you think cryptography is the answer to your problem,\n' +
  "then you don't know what your problem is.\n";
const SIG =
  '— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';

describe('signed notes', () => {
  it('parses and re-formats the Go example verifier key', async () => {
    const key = await parseVerifierKey(VKEY);
    expect(key.name).toBe('PeterNeumann');
    expect(key.keyHash).toBe('c74f20a3');
    expect(await formatVerifierKey(key.name, key.publicKey)).toBe(VKEY);
  });

  it('refuses a key whose hash does not match', async () => {
    await expect(parseVerifierKey(VKEY.replace('c74f20a3', 'c74f20a4'))).rejects.toThrow(/hash/);
    await expect(parseVerifierKey('Peter+Neumann+c74f20a3+AAAA')).rejects.toThrow();
  });

  it('opens the Go example note and refuses a changed text or signature', async () => {
    const key = await parseVerifierKey(VKEY);
    expect(await openNote(`${TEXT}\n${SIG}`, key)).toBe(TEXT);
    await expect(openNote(`${TEXT.replace('problem', 'Problem')}\n${SIG}`, key)).rejects.toThrow(/invalid/);
    await expect(openNote(`${TEXT}\n${SIG.replace('x08go', 'x08gp')}`, key)).rejects.toThrow();
    await expect(openNote(`${TEXT}\n— Other AAAAAAA=\n`, key)).rejects.toThrow(/no signature/);
    await expect(openNote(TEXT, key)).rejects.toThrow(/no signature block/);
  });

  it('parses a checkpoint body and refuses malformed ones', () => {
    const root = 'bnQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=';
    const cp = parseCheckpointBody(`example.com/log\n42\n${root}\n`);
    expect(cp).toMatchObject({ origin: 'example.com/log', size: 42 });
    expect(cp.root).toEqual(fromBase64(root));
    expect(() => parseCheckpointBody(`example.com/log\n042\n${root}\n`)).toThrow(/decimal/);
    expect(() => parseCheckpointBody(`example.com/log\n42\nAAAA\n`)).toThrow(/SHA-256/);
    expect(() => parseCheckpointBody(`example.com/log\n42\n${root}`)).toThrow(/malformed/);
  });
});
