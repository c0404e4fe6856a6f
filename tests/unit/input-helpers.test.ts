import { describe, expect, it } from 'vitest';
import { decimalOnly, fitTextWidth, isUrl, numberOnly, textWidth } from '../../ui/widgets/input';
import { sanitiseNumberText } from '../../ui/workspace/number-input';

// The input helpers of core.md §5 / catalogues.md §5 at their edges.

describe('number-only and decimal inputs', () => {
  it('number-only strips everything but digits', () => {
    expect(numberOnly('')).toBe('');
    expect(numberOnly('12a3')).toBe('123');
    expect(numberOnly('-1.5e3')).toBe('153');
    expect(numberOnly('１２')).toBe('');
    expect(numberOnly('138 0013 8000')).toBe('13800138000');
  });

  it('decimal keeps digits and the first point only', () => {
    expect(decimalOnly('1.2.3')).toBe('1.23');
    expect(decimalOnly('.5')).toBe('.5');
    expect(decimalOnly('12.')).toBe('12.');
    expect(decimalOnly('a1b.c2')).toBe('1.2');
    expect(decimalOnly('..')).toBe('.');
    expect(decimalOnly('-3.14')).toBe('3.14');
  });

  it('decimal with a precision drops digits past it as they are typed', () => {
    expect(decimalOnly('3.14159', 2)).toBe('3.14');
    expect(decimalOnly('3.1', 2)).toBe('3.1');
    expect(decimalOnly('0.1239', 3)).toBe('0.123');
    expect(decimalOnly('3.9', 0)).toBe('3');
    expect(decimalOnly('12', 2)).toBe('12');
  });

  it('the panel number fields use them', () => {
    expect(sanitiseNumberText('2a4b0')).toBe('240');
    expect(sanitiseNumberText('45.5.1', true)).toBe('45.51');
    // Decimal boxes keep 2 decimals (catalogues.md §5's rounding default).
    expect(sanitiseNumberText('45.678', true)).toBe('45.67');
  });
});

describe('URL check', () => {
  it.each([
    'http://example.com',
    'https://www.example.com/path/to?x=1#y',
    'ftp://files.example.org',
    '//cdn.example.com/a.png',
    'http://localhost:5173/',
    'http://127.0.0.1:8080/api',
    'https://例子.中国/页面',
    'http://255.255.255.255',
  ])('accepts %s', (url) => expect(isUrl(url)).toBe(true));

  it.each([
    '',
    'example.com',
    'mailto:a@b.com',
    'file:///etc/passwd',
    'http://',
    'http://256.1.1.1',
    'http://exa mple.com',
    'http://localhost:123456',
    'javascript:alert(1)',
    'http://example',
  ])('refuses %s', (url) => expect(isUrl(url)).toBe(false));
});

describe('text width', () => {
  it('counts characters above code 127 and the caret as 2, others 1', () => {
    expect(textWidth('')).toBe(0);
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('客厅')).toBe(4);
    expect(textWidth('^')).toBe(2);
    expect(textWidth('\u007f')).toBe(1);
    expect(textWidth('\u0080')).toBe(2);
    expect(textWidth('A柜1')).toBe(4);
  });

  it('cuts a label to a width without splitting a wide character', () => {
    expect(fitTextWidth('客厅A', 3)).toBe('客');
    expect(fitTextWidth('客厅A', 5)).toBe('客厅A');
    expect(fitTextWidth('abc', 0)).toBe('');
  });
});
