import { type MedicineRow, medicineCreateBody } from '@agrifleet/domain';
import { describe, expect, it, vi } from 'vitest';
import { medicineBody, medicineForm, nameField } from './medicineForm.ts';

const row: MedicineRow = {
  medId: 4,
  name: '嘧菌酯悬浮剂',
  names: {
    zh: '嘧菌酯悬浮剂',
    en: 'Azoxystrobin SC',
    'zh-TW': '嘧菌酯懸浮劑',
    th: 'อะซอกซีสโตรบิน SC',
    ko: '아족시스트로빈',
  },
  regNo: 'PD20160457',
  ingredient: '嘧菌酯 250 g/L',
  formulation: '悬浮剂 SC',
  minLPerMu: 1,
  maxLPerMu: 1.8,
  enabled: true,
};

describe('medicineForm', () => {
  it('fills the form from a medicine and sends back a body the contract takes', async () => {
    const update = vi.fn(async () => undefined);
    const form = medicineForm({ create: vi.fn(), update });
    const values = form.initial?.(row) ?? {};
    expect(values[nameField('zh-TW')]).toBe('嘧菌酯懸浮劑');
    const body = medicineBody(values);
    expect(medicineCreateBody.safeParse(body).success).toBe(true);
    expect(body.names.en).toBe('Azoxystrobin SC');
    await form.update?.(row, values);
    expect(update).toHaveBeenCalledWith(4, body);
  });

  it('marks a minimum above the maximum', () => {
    const form = medicineForm({ create: vi.fn(), update: vi.fn() });
    expect(form.check?.({ minLPerMu: 2, maxLPerMu: 1 })).toEqual([
      { field: 'minLPerMu', message: 'lookups:invalid.range' },
    ]);
    expect(form.check?.({ minLPerMu: 1, maxLPerMu: 1 })).toEqual([]);
  });

  it('checks each field with the contract’s rule', () => {
    const fields = medicineForm({ create: vi.fn(), update: vi.fn() }).fields;
    const rule = (name: string) => fields.find((f) => f.name === name)?.schema;
    expect(rule('regNo')?.safeParse('PD 2018').success).toBe(false);
    expect(rule('regNo')?.safeParse('PD20183456').success).toBe(true);
    expect(rule('minLPerMu')?.safeParse(0.05).success).toBe(false);
    expect(rule(nameField('ko'))?.safeParse('x'.repeat(65)).success).toBe(false);
  });
});
