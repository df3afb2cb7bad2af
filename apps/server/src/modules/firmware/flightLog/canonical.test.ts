import { describe, expect, it } from 'vitest';
import { CanonicalError, canonicalize, MAX_DEPTH } from './canonical.ts';

/** A double from its IEEE-754 bits in hex, as RFC 8785 Appendix B lists them. */
function fromBits(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CanonicalError) return e.problem;
    throw e;
  }
  return null;
};

describe('canonicalize (RFC 8785)', () => {
  it('writes the example of RFC 8785 §3.2.2 (and its UTF-8 bytes, §3.2.4)', () => {
    // The RFC's input text, as JSON.parse reads it.
    const input =
      '{\n  "numbers": [333333333.33333329, 1E30, 4.50,\n              2e-3, 0.000000000000000000000000001],\n' +
      '  "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",\n  "literals": [null, true, false]\n}';
    const out = canonicalize(JSON.parse(input));
    expect(out).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
    expect(Buffer.from(out).toString('hex').match(/../g)?.join(' ')).toBe(
      '7b 22 6c 69 74 65 72 61 6c 73 22 3a 5b 6e 75 6c 6c 2c 74 72 ' +
        '75 65 2c 66 61 6c 73 65 5d 2c 22 6e 75 6d 62 65 72 73 22 3a ' +
        '5b 33 33 33 33 33 33 33 33 33 2e 33 33 33 33 33 33 33 2c 31 ' +
        '65 2b 33 30 2c 34 2e 35 2c 30 2e 30 30 32 2c 31 65 2d 32 37 ' +
        '5d 2c 22 73 74 72 69 6e 67 22 3a 22 e2 82 ac 24 5c 75 30 30 ' +
        '30 66 5c 6e 41 27 42 5c 22 5c 5c 5c 5c 5c 22 2f 22 7d',
    );
  });

  it('sorts keys by UTF-16 code units: the example of RFC 8785 §3.2.3', () => {
    const input =
      '{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh",' +
      '"1":"One","\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control",' +
      '"\\u00f6":"Latin Small Letter O With Diaeresis"}';
    const out = canonicalize(JSON.parse(input));
    // The values in the order the RFC prints them (JSON.parse would move the integer key "1" first).
    expect([...out.matchAll(/:"([^"]*)"/g)].map((m) => m[1])).toEqual([
      'Carriage Return',
      'One',
      'Control',
      'Latin Small Letter O With Diaeresis',
      'Euro Sign',
      'Emoji: Grinning Face',
      'Hebrew Letter Dalet With Dagesh',
    ]);
    expect(out).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis",' +
        '"€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('writes numbers as RFC 8785 Appendix B lists them', () => {
    const samples: [string, string][] = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'], // minus zero
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['c340000000000000', '-9007199254740992'],
      ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'],
      ['444b1ae4d6e2ef4f', '999999999999999900000'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'],
      ['41b3de4355555554', '333333333.33333325'],
      ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'],
      ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'],
      ['43143ff3c1cb0959', '1424953923781206.2'],
    ];
    for (const [bits, text] of samples) expect(canonicalize(fromBits(bits)), bits).toBe(text);
    // The Appendix's two error rows: NaN and Infinity.
    expect(problem(() => canonicalize(fromBits('7fffffffffffffff')))).toBe('number');
    expect(problem(() => canonicalize(fromBits('7ff0000000000000')))).toBe('number');
    expect(problem(() => canonicalize(Number.NEGATIVE_INFINITY))).toBe('number');
  });

  it('escapes strings as JCS does, and nothing more', () => {
    expect(canonicalize('\b\t\n\f\r"\\')).toBe('"\\b\\t\\n\\f\\r\\"\\\\"');
    expect(canonicalize('\u0000\u001f\u007f')).toBe('"\\u0000\\u001f\u007f"');
    expect(canonicalize('/é€😀\u2028')).toBe('"/é€😀\u2028"');
  });

  it('refuses lone surrogates in values and keys', () => {
    expect(problem(() => canonicalize('a\ud800'))).toBe('surrogate');
    expect(problem(() => canonicalize('\udc00b'))).toBe('surrogate');
    expect(problem(() => canonicalize({ '\ud83d': 1 }))).toBe('surrogate');
    expect(canonicalize('\ud83d\ude00')).toBe('"😀"');
  });

  it('refuses what is not JSON data, and nesting deeper than MAX_DEPTH', () => {
    for (const v of [undefined, () => 1, 1n, new Date(0), new Map(), Symbol('x'), { a: undefined }])
      expect(problem(() => canonicalize(v))).toBe('type');
    let deep: unknown = 1;
    for (let i = 0; i < MAX_DEPTH; i++) deep = [deep];
    expect(canonicalize(deep)).toBe(`${'['.repeat(MAX_DEPTH)}1${']'.repeat(MAX_DEPTH)}`);
    expect(problem(() => canonicalize([deep]))).toBe('depth');
    expect(canonicalize(Object.assign(Object.create(null), { b: 1, a: [] }))).toBe('{"a":[],"b":1}');
  });

  it('orders integer-like keys as text, not as JavaScript enumerates them', () => {
    expect(canonicalize({ 2: 'b', 10: 'c', 1: 'a', a: { 2: 0, 10: 0 } })).toBe(
      '{"1":"a","10":"c","2":"b","a":{"10":0,"2":0}}',
    );
    // Already in order and flat, or not: the same text either way.
    expect(canonicalize({ a: 1, b: 'x', c: null })).toBe(canonicalize({ c: null, b: 'x', a: 1 }));
    expect(() => canonicalize({ a: 1, b: Number.NaN })).toThrow(CanonicalError);
    expect(() => canonicalize({ a: 1, b: '\ud800' })).toThrow(CanonicalError);
  });

  it('is a fixed point: the canonical text reads back to itself', () => {
    const v = { z: [1.5, -0, 1e21, 'x'], a: { c: null, b: true }, '': 0.1 };
    const c = canonicalize(v);
    expect(c).toBe('{"":0.1,"a":{"b":true,"c":null},"z":[1.5,0,1e+21,"x"]}');
    expect(canonicalize(JSON.parse(c))).toBe(c);
  });
});
