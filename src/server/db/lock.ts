import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is one process's database: a second process on the same directory silently loses
 * commits. We hold an exclusive lock file (created with O_EXCL, holding our PID) for as long
 * as the server runs. A live holder is never overridden; a dead one's lock is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "store.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(fs.readFileSync(file, "utf8").trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another store server (process ${holder}). ` +
            `Stop that server first, or start this one with another DATA_DIR.`,
        );
      }
      fs.rmSync(file, { force: true }); // a stale lock from a process that is gone
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}; remove ${file} if no server is running.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
