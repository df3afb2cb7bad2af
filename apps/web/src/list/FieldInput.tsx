/** The control of a form field by its kind; Form.Item hands it value, onChange (checked for a switch) and id. */
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import { dayOfPicker, pickerDay } from '../lib/statDay.ts';
import type { Translate } from './columns.ts';
import { OptionsSelect } from './OptionsSelect.tsx';
import { dayOutsideTimeBound } from './query.ts';
import { RegionFilter } from './RegionFilter.tsx';
import type { DayRange, FieldDef } from './types.ts';

export function FieldInput({
  field,
  disabled,
  t,
  ...control
}: {
  field: FieldDef;
  disabled: boolean;
  t: Translate;
  /** value, onChange, id... as Form.Item passes them to each kind of control. */
  [prop: string]: unknown;
}) {
  const placeholder = t(field.label);
  const common = { ...control, placeholder, disabled, 'data-testid': `field-${field.name}` };
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea rows={3} {...common} />;
    case 'password':
      return <Input.Password autoComplete="new-password" {...common} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...common} />;
    case 'select':
      return <OptionsSelect options={field.options} {...common} />;
    case 'switch':
      return <Switch {...control} disabled={disabled} data-testid={common['data-testid']} />;
    case 'region':
      return <RegionFilter {...control} placeholder={placeholder} data-testid={common['data-testid']} />;
    case 'tags': {
      // Typed values; with a list of options (an array), they can be picked from it too.
      const picks = Array.isArray(field.options) ? field.options : null;
      return (
        <Select
          {...common}
          mode="tags"
          open={picks ? undefined : false}
          options={picks?.map((o) => ({
            value: o.value,
            label: o.label ?? t(o.labelKey ?? String(o.value)),
          }))}
          optionFilterProp="label"
          suffixIcon={picks ? undefined : null}
          tokenSeparators={[',', ' ', '，']}
          style={{ width: '100%' }}
        />
      );
    }
    case 'dateRange': {
      const { value, onChange, id } = control as {
        value?: DayRange;
        onChange?: (v: DayRange | undefined) => void;
        id?: string;
      };
      return (
        <DatePicker.RangePicker
          id={id}
          style={{ width: '100%' }}
          disabled={disabled}
          placeholder={[t('list:startDate'), t('list:endDate')]}
          disabledDate={(d) => dayOutsideTimeBound(dayOfPicker(d))}
          value={value ? [pickerDay(value[0]), pickerDay(value[1])] : null}
          onChange={(days) =>
            onChange?.(days?.[0] && days[1] ? [dayOfPicker(days[0]), dayOfPicker(days[1])] : undefined)
          }
          data-testid={common['data-testid']}
        />
      );
    }
    default:
      return <Input {...common} />;
  }
}
