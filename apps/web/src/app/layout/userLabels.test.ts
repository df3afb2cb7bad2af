import { describe, expect, it } from 'vitest';
import { displayPhone, initialOf } from './userLabels.ts';

describe('displayPhone', () => {
  it('shows the dial code and masks the number', () => {
    expect(displayPhone('86-13800000001')).toBe('+86 138*****001');
    expect(displayPhone('66-812345678')).toBe('+66 812***678');
  });
  it('masks a bare number', () => {
    expect(displayPhone('13800000009')).toBe('138*****009');
  });
  it('gives null without a phone', () => {
    expect(displayPhone(null)).toBeNull();
    expect(displayPhone('')).toBeNull();
  });
});

describe('initialOf', () => {
  it('takes the first character', () => {
    expect(initialOf('平台管理员')).toBe('平');
    expect(initialOf(' admin')).toBe('A');
    expect(initialOf('')).toBe('?');
  });
});
