import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEPENDS_ON_THE_SERVER } from '../vitest.config';

// The PostgreSQL pass runs a list of files (vitest.config.ts, decision 24): a file renamed or moved would
// drop out of it without a word. Each entry must still name test files that exist.

const root = join(import.meta.dirname, '..');

/** `a/{b,c}.test.ts` and `a/*.test.ts`: the two shapes the list uses. */
function expand(pattern: string): string[] {
  const brace = pattern.match(/\{([^}]+)\}/);
  if (brace) return brace[1]!.split(',').flatMap((part) => expand(pattern.replace(brace[0], part)));
  const folder = dirname(pattern);
  const name = pattern.slice(folder.length + 1);
  if (!name.includes('*')) return [pattern];
  const shape = new RegExp(`^${name.replaceAll('.', '\\.').replaceAll('*', '[^/]*')}$`);
  return folder.split('/').some((part) => part.includes('*'))
    ? []
    : readdirSync(join(root, folder))
        .filter((file) => shape.test(file))
        .map((file) => `${folder}/${file}`);
}

const allFiles = new Set(
  (readdirSync(join(root, 'src/server'), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `src/server/${file}`),
);

describe('the files the PostgreSQL pass runs', () => {
  test.each(DEPENDS_ON_THE_SERVER)('%s names API test files that exist', (pattern) => {
    const files = expand(pattern);
    expect(files.length, pattern).toBeGreaterThan(0);
    for (const file of files) expect(allFiles.has(file), file).toBe(true);
  });

  test('the races, the locks, the processes and the jobs are in it', () => {
    const listed = new Set(DEPENDS_ON_THE_SERVER.flatMap(expand));
    expect(listed.size).toBeGreaterThan(20);
    for (const file of allFiles) {
      const subject = file.replace(/^src\/server\/(modules|http|jobs)\//, '');
      // A `*-rules` file tests pure rules, with no database.
      const pure = subject.endsWith('-rules.test.ts');
      if (
        subject !== file &&
        !pure &&
        /race|concurren|idempoten|retry|lock|workers|recovery|jobs|database-loss/.test(subject)
      ) {
        expect(listed.has(file), file).toBe(true);
      }
    }
  });
});
