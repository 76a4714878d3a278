// A backup's file name (`deckhand.manual.20261122T073012345Z.sqlite3`) read back for the list.

/** A backup's file name read back: its kind and when it was made (UTC in the name). */
export function describeBackup(path: string): { name: string; kind: string; when: Date | null } {
  const name = path.split(/[\\/]/).pop() ?? path;
  const match = /\.([a-z-]+)\.(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\d*Z\.sqlite3$/.exec(name);
  if (!match) return { name, kind: 'backup', when: null };
  const [y, mo, d, h, mi, s] = match.slice(2).map(Number) as [number, number, number, number, number, number];
  return { name, kind: match[1] ?? 'backup', when: new Date(Date.UTC(y, mo - 1, d, h, mi, s)) };
}
