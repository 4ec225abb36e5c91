/**
 * @file Go `strings` and `path/filepath` functions on Unicode code points, as Kyverno's string
 * functions call them: `strings.Replace`, `strings.Trim`, `strings.Split`, rune truncation
 * (`aquilax/truncate` cut strategy) and `filepath.Join` of one element (Linux).
 */

/** Go `strings.Replace(s, old, replacement, n)`: the first `n` occurrences, all when `n < 0`. */
export function goReplace(s: string, old: string, replacement: string, n: number): string {
  if (old === replacement || n === 0) return s;
  if (old === '') {
    const runes = Array.from(s);
    const count = n < 0 || n > runes.length + 1 ? runes.length + 1 : n;
    let out = '';
    for (let i = 0; i < count; i++) out += replacement + (i < runes.length ? runes[i] : '');
    return out + runes.slice(count).join('');
  }
  let out = '';
  let start = 0;
  for (let done = 0; n < 0 || done < n; done++) {
    const j = s.indexOf(old, start);
    if (j < 0) break;
    out += s.slice(start, j) + replacement;
    start = j + old.length;
  }
  return out + s.slice(start);
}

/** Go `strings.Trim(s, cutset)`: strips leading and trailing code points that occur in `cutset`. */
export function goTrim(s: string, cutset: string): string {
  if (s === '' || cutset === '') return s;
  const set = new Set(Array.from(cutset));
  const runes = Array.from(s);
  let start = 0;
  let end = runes.length;
  while (start < end && set.has(runes[start]!)) start++;
  while (end > start && set.has(runes[end - 1]!)) end--;
  return runes.slice(start, end).join('');
}

/** Go `strings.Split(s, sep)`: an empty separator splits into code points. */
export function goSplit(s: string, sep: string): string[] {
  return sep === '' ? Array.from(s) : s.split(sep);
}

/** The first `length` code points of `s` (`aquilax/truncate` with the cut strategy). */
export function truncateRunes(s: string, length: number): string {
  if (length <= 0) return '';
  if (s.length <= length) return s;
  const runes = Array.from(s);
  return runes.length <= length ? s : runes.slice(0, length).join('');
}

/**
 * Go `filepath.Join(p)` on Linux: `filepath.Clean(p)`, except that an empty path stays empty.
 * Collapses repeated `/`, drops `.` elements, resolves `..` (dropped at the root of an absolute
 * path) and removes a trailing `/`.
 */
export function filepathJoin(p: string): string {
  if (p === '') return '';
  const rooted = p[0] === '/';
  const out: string[] = [];
  let dotdot = 0;
  if (rooted) {
    out.push('/');
    dotdot = 1;
  }
  const n = p.length;
  let r = rooted ? 1 : 0;
  while (r < n) {
    if (p[r] === '/') {
      r++;
    } else if (p[r] === '.' && (r + 1 === n || p[r + 1] === '/')) {
      r++;
    } else if (p[r] === '.' && p[r + 1] === '.' && (r + 2 === n || p[r + 2] === '/')) {
      r += 2;
      if (out.length > dotdot) {
        let removed: string | undefined;
        do removed = out.pop();
        while (out.length > dotdot && removed !== '/');
      } else if (!rooted) {
        if (out.length > 0) out.push('/');
        out.push('.', '.');
        dotdot = out.length;
      }
    } else {
      if ((rooted && out.length !== 1) || (!rooted && out.length !== 0)) out.push('/');
      for (; r < n && p[r] !== '/'; r++) out.push(p[r]!);
    }
  }
  return out.length === 0 ? '.' : out.join('');
}
