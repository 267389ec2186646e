import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledCodeDir } from '../../../main/lib/compiled-code';

describe('the folder CaseDesk keeps its compiled code in', () => {
  it('is the user’s own cache folder on each system', () => {
    expect(compiledCodeDir({}, 'linux')).toBe(join(homedir(), '.cache', 'casedesk', 'compiled'));
    expect(compiledCodeDir({ XDG_CACHE_HOME: '/x/cache' }, 'linux')).toBe(
      join('/x/cache', 'casedesk', 'compiled'),
    );
    // An empty or relative folder is not one to write into.
    expect(compiledCodeDir({ XDG_CACHE_HOME: '' }, 'linux')).toBe(
      join(homedir(), '.cache', 'casedesk', 'compiled'),
    );
    expect(compiledCodeDir({ XDG_CACHE_HOME: 'cache' }, 'linux')).toBe(
      join(homedir(), '.cache', 'casedesk', 'compiled'),
    );
    expect(compiledCodeDir({}, 'darwin')).toBe(
      join(homedir(), 'Library', 'Caches', 'CaseDesk', 'compiled'),
    );
    expect(compiledCodeDir({ LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' }, 'win32')).toBe(
      join('C:\\Users\\a\\AppData\\Local', 'CaseDesk', 'Cache', 'compiled'),
    );
  });
});
