import { describe, expect, it } from 'vitest';
import { onlyShowSceneHref, quoteSummary, sceneSourceOf, shareCodeOf, shareLink, showsQuotation } from '../../ui/viewer/source';
import type { IntegratedQuote } from '../../ui/quote/quote-view';

const ORIGIN = 'https://design.example.com';

describe('sceneSourceOf: core.md §5 "a scene link must be valid"', () => {
  it.each([
    ['/files/share/ABCDEFGH23/scene', `${ORIGIN}/files/share/ABCDEFGH23/scene`, true],
    ['https://design.example.com/files/scenes/yfang/a.json', `${ORIGIN}/files/scenes/yfang/a.json`, true],
    ['http://cdn.example.org:8080/s/a.json?v=2', 'http://cdn.example.org:8080/s/a.json?v=2', false],
    ['//cdn.example.org/a.json', 'https://cdn.example.org/a.json', false],
    ['http://192.168.1.20/a.json', 'http://192.168.1.20/a.json', false],
    ['http://localhost:8774/files/x', 'http://localhost:8774/files/x', false],
    ['  /files/x  ', `${ORIGIN}/files/x`, true],
  ])('accepts %s', (src, url, sameOrigin) => {
    expect(sceneSourceOf(src, ORIGIN)).toEqual({ ok: true, url, sameOrigin });
  });

  it.each([null, '', '   ', 'javascript:alert(1)', 'data:application/json,{}', 'files/a.json', 'http//x.com/a', 'http://', 'https://exa mple.com/a', '/\\evil.com/x', 'file:///etc/passwd', 'http://a/b'])(
    'refuses %s',
    (src) => {
      expect(sceneSourceOf(src, ORIGIN)).toEqual({ ok: false });
    },
  );
});

describe('viewer addresses', () => {
  it('reads the share code and showQuotation from the query', () => {
    expect(shareCodeOf(new URLSearchParams('shareCode=%20AB23CD45EF%20'))).toBe('AB23CD45EF');
    expect(shareCodeOf(new URLSearchParams('shareCode='))).toBeNull();
    expect(shareCodeOf(new URLSearchParams(''))).toBeNull();
    expect(showsQuotation(new URLSearchParams('showQuotation=1'))).toBe(true);
    expect(showsQuotation(new URLSearchParams('showQuotation=0'))).toBe(false);
    expect(showsQuotation(new URLSearchParams('showQuotation=true'))).toBe(false);
  });

  it('builds the share link and the scene-only viewer address (src encoded)', () => {
    expect(shareLink(ORIGIN, 'AB23CD45EF')).toBe(`${ORIGIN}/scene-share?shareCode=AB23CD45EF`);
    const href = onlyShowSceneHref('/files/share/AB23CD45EF/scene', true);
    expect(href).toBe('/onlyShowScene?src=%2Ffiles%2Fshare%2FAB23CD45EF%2Fscene&showQuotation=1');
    expect(new URLSearchParams(href.split('?')[1]).get('src')).toBe('/files/share/AB23CD45EF/scene');
    expect(onlyShowSceneHref('/a?b=1&c=2', false)).toBe('/onlyShowScene?src=%2Fa%3Fb%3D1%26c%3D2');
  });
});

describe('quoteSummary', () => {
  const empty: IntegratedQuote = {
    cabinets: { rooms: [], total: 0 },
    doors: { rows: [], total: 0 },
    wallBoards: { rows: [], total: 0 },
    tiles: { rows: [], total: 0 },
    total: 0,
    totalCapital: '零元整',
  };

  it('is null when the scene has nothing to quote (no panel)', () => {
    expect(quoteSummary(empty)).toBeNull();
  });

  it('lists cabinet rooms, then the sections that have lines, and the grand total', () => {
    const summary = quoteSummary({
      ...empty,
      cabinets: { rooms: [{ roomName: '厨房', total: 1200.5 }, { roomName: '主卧', total: 800 }], total: 2000.5 },
      tiles: { rows: [{} as IntegratedQuote['tiles']['rows'][number]], total: 99.5 },
      total: 2100,
      totalCapital: '贰仟壹佰元整',
    });
    expect(summary).toEqual({
      rows: [
        { kind: 'cabinets', name: '厨房', amount: 1200.5 },
        { kind: 'cabinets', name: '主卧', amount: 800 },
        { kind: 'tiles', name: '', amount: 99.5 },
      ],
      total: 2100,
      totalCapital: '贰仟壹佰元整',
    });
  });
});
