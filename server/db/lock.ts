import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own and two writers corrupt its files, so one process owns a DATA_DIR at a time.
 * The lock file holds the owner's pid; a lock whose process is gone (killed with -9) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another server (pid ${pid}) is already using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
