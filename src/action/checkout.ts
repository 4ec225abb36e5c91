/**
 * @file The commit checked out in the workspace, read from its `.git` folder without running git:
 * `.git/HEAD` holds the commit (detached HEAD, as `actions/checkout` leaves it for a sha or
 * `refs/pull/N/merge`) or `ref: refs/...`, which `.git/<ref>` or `.git/packed-refs` resolves. A `.git`
 * file (`gitdir: <path>`, worktrees and submodules) points to the folder. Review comments go on the pull
 * request's head commit: when the workspace is another commit, their lines are placed there (`head-files.ts`).
 */
import path from 'node:path';

/** Reads a file as text; throws when it cannot. */
type ReadText = (file: string) => string;

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;

function tryRead(read: ReadText, file: string): string | undefined {
  try {
    return read(file);
  } catch {
    return undefined;
  }
}

/** The git folder of `workspace` (`.git`, or where a `.git` file points). */
function gitDir(read: ReadText, workspace: string): string {
  const dotGit = path.join(workspace, '.git');
  const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(tryRead(read, dotGit) ?? '');
  return pointer ? path.resolve(workspace, pointer[1]!) : dotGit;
}

/** The sha of the commit checked out in `workspace`, `undefined` when it cannot be read. */
export function checkedOutCommit(read: ReadText, workspace: string): string | undefined {
  const dir = gitDir(read, workspace);
  const head = tryRead(read, path.join(dir, 'HEAD'))?.trim();
  if (head === undefined) return undefined;
  if (SHA.test(head)) return head.toLowerCase();
  const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
  if (ref === undefined || ref.split('/').includes('..')) return undefined;
  // A worktree keeps its refs in the common folder.
  const common = tryRead(read, path.join(dir, 'commondir'))?.trim();
  for (const folder of common ? [dir, path.resolve(dir, common)] : [dir]) {
    const loose = tryRead(read, path.join(folder, ref))?.trim();
    if (loose !== undefined && SHA.test(loose)) return loose.toLowerCase();
    for (const line of (tryRead(read, path.join(folder, 'packed-refs')) ?? '').split('\n')) {
      const [sha, name] = line.trim().split(/\s+/);
      if (name === ref && sha !== undefined && SHA.test(sha)) return sha.toLowerCase();
    }
  }
  return undefined;
}
