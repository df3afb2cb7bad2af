/**
 * The medicine create/edit form as configuration of the shared form pattern (list/FormModal): a
 * name per language, registration number, ingredient, formulation and the registered L/mu range,
 * each field checked with the contract's rule; min <= max checked across fields. Pure apart from
 * the calls it is given; tested in medicineForm.test.ts.
 */
import {
  DOSE_L_PER_MU_MAX,
  DOSE_L_PER_MU_MIN,
  LANGUAGES,
  LOOKUP_NAME_MAX,
  type LookupNames,
  MED_REG_NO_MAX,
  MED_REG_NO_RE,
  type MedicineCreateBody,
  type MedicineRow,
  trimmedText,
} from '@agrifleet/domain';
import { z } from 'zod';
import type { FieldDef, FormDef, FormValues } from '../../list/types.ts';

/** The form field of the name in a language ('zh-TW' -> name_zhTW). */
export const nameField = (lng: string) => `name_${lng.replace('-', '')}`;

const text = (max: number) => trimmedText(max).pipe(z.string().min(1));
const dose = z.number().min(DOSE_L_PER_MU_MIN).max(DOSE_L_PER_MU_MAX);

export function medicineFields(): FieldDef[] {
  return [
    ...LANGUAGES.map(
      (lng): FieldDef => ({
        name: nameField(lng),
        label: `lookups:lang.${lng}`,
        kind: 'text',
        required: true,
        schema: text(LOOKUP_NAME_MAX),
        invalid: 'lookups:invalid.name',
        span: 12,
      }),
    ),
    {
      name: 'regNo',
      label: 'lookups:med.regNo',
      kind: 'text',
      required: true,
      schema: trimmedText(MED_REG_NO_MAX).pipe(z.string().regex(MED_REG_NO_RE)),
      invalid: 'lookups:invalid.regNo',
      help: 'lookups:med.regNoHelp',
      span: 12,
    },
    {
      name: 'formulation',
      label: 'lookups:med.formulation',
      kind: 'text',
      required: true,
      schema: text(64),
      span: 12,
    },
    { name: 'ingredient', label: 'lookups:med.ingredient', kind: 'text', required: true, schema: text(200) },
    {
      name: 'minLPerMu',
      label: 'lookups:med.minLPerMu',
      kind: 'number',
      required: true,
      schema: dose,
      invalid: 'lookups:invalid.dose',
      span: 12,
    },
    {
      name: 'maxLPerMu',
      label: 'lookups:med.maxLPerMu',
      kind: 'number',
      required: true,
      schema: dose,
      invalid: 'lookups:invalid.dose',
      span: 12,
    },
  ];
}

/** The body a form's values make. */
export function medicineBody(v: FormValues): MedicineCreateBody {
  const names = Object.fromEntries(
    LANGUAGES.map((lng) => [lng, String(v[nameField(lng)] ?? '')]),
  ) as LookupNames;
  return {
    names,
    regNo: String(v.regNo ?? ''),
    ingredient: String(v.ingredient ?? ''),
    formulation: String(v.formulation ?? ''),
    minLPerMu: Number(v.minLPerMu),
    maxLPerMu: Number(v.maxLPerMu),
  };
}

export function medicineForm(calls: {
  create: (body: MedicineCreateBody) => Promise<unknown>;
  update: (medId: number, body: MedicineCreateBody) => Promise<unknown>;
}): FormDef<MedicineRow> {
  return {
    fields: medicineFields(),
    titles: { create: 'lookups:med.create', edit: 'lookups:med.edit' },
    width: 640,
    initial: (r) => ({
      ...Object.fromEntries(LANGUAGES.map((lng) => [nameField(lng), r.names[lng]])),
      regNo: r.regNo,
      ingredient: r.ingredient,
      formulation: r.formulation,
      minLPerMu: r.minLPerMu,
      maxLPerMu: r.maxLPerMu,
    }),
    check: (v) =>
      Number(v.minLPerMu) > Number(v.maxLPerMu)
        ? [{ field: 'minLPerMu', message: 'lookups:invalid.range' }]
        : [],
    create: (v) => calls.create(medicineBody(v)),
    update: (r, v) => calls.update(r.medId, medicineBody(v)),
  };
}
