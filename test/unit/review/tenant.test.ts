import { describe, expect, it } from 'vitest';
import { tenantOf } from '../../../main/review/review-checks';

describe('the tenant a review file belongs to', () => {
  it('keeps the base URL’s path: two tenants on one host are two tenants', () => {
    expect(tenantOf('https://screening.example/t/a/api/v1')).not.toBe(
      tenantOf('https://screening.example/t/b/api/v1'),
    );
  });

  it('is the same however the base URL was written: case of the host, trailing slash, query', () => {
    expect(tenantOf('HTTPS://Screening.Example/api/v1/')).toBe(
      tenantOf('https://screening.example/api/v1?x=1'),
    );
    expect(tenantOf('https://screening.example:443/api/v1')).toBe(
      'https://screening.example/api/v1',
    );
  });
});
