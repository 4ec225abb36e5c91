/**
 * @file Go `path.Clean` (and `filepath.Clean` on POSIX systems): the shortest path naming the same file,
 * by purely lexical processing.
 */

/** Go `path.Clean`: `.` for an empty path, no trailing slash, `.` and `..` elements resolved lexically. */
export function goCleanPath(p: string): string {
  if (p === '') return '.';
  const rooted = p.startsWith('/');
  const parts: string[] = [];
  for (const segment of p.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
      else if (!rooted) parts.push('..');
    } else {
      parts.push(segment);
    }
  }
  const cleaned = (rooted ? '/' : '') + parts.join('/');
  return cleaned === '' ? '.' : cleaned;
}
