/**
 * The filters of a list from their definitions. Edits stay a draft until Search (or Enter in a
 * text box); Reset clears them. The applied filters come from the address bar.
 */
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input } from 'antd';
import { useEffect, useState } from 'react';
import { dayOfPicker, pickerDay } from '../lib/statDay.ts';
import type { Translate } from './columns.ts';
import styles from './list.module.css';
import { OptionsSelect } from './OptionsSelect.tsx';
import { dayOutsideTimeBound } from './query.ts';
import { RegionFilter } from './RegionFilter.tsx';
import type { DayRange, FilterDef, Filters, FilterValue } from './types.ts';

interface InputProps {
  def: FilterDef;
  value: FilterValue | undefined;
  onChange: (v: FilterValue | undefined) => void;
  onEnter: () => void;
  t: Translate;
}

function FilterInput({ def, value, onChange, onEnter, t }: InputProps) {
  const label = t(def.label);
  const testId = `filter-${def.name}`;
  switch (def.kind) {
    case 'text':
      return (
        <Input
          className={styles.filterInput}
          allowClear
          placeholder={label}
          aria-label={label}
          value={(value as string | undefined) ?? ''}
          onChange={(e) => onChange(e.target.value || undefined)}
          onPressEnter={onEnter}
          data-testid={testId}
        />
      );
    case 'select':
      return (
        <OptionsSelect
          className={styles.filterInput}
          options={def.options}
          placeholder={label}
          value={value as string | number | undefined}
          onChange={onChange}
          data-testid={testId}
        />
      );
    case 'region':
      return (
        <RegionFilter
          className={styles.filterInput}
          placeholder={label}
          value={value as number | undefined}
          onChange={onChange}
          data-testid={testId}
        />
      );
    case 'dateRange': {
      const range = value as DayRange | undefined;
      return (
        <DatePicker.RangePicker
          className={styles.filterRange}
          aria-label={label}
          placeholder={[t('list:startDate'), t('list:endDate')]}
          disabledDate={(d) => dayOutsideTimeBound(dayOfPicker(d))}
          value={range ? [pickerDay(range[0]), pickerDay(range[1])] : null}
          onChange={(days) =>
            onChange(days?.[0] && days[1] ? [dayOfPicker(days[0]), dayOfPicker(days[1])] : undefined)
          }
          data-testid={testId}
        />
      );
    }
  }
}

export function FilterBar({
  defs,
  value,
  onSearch,
  t,
}: {
  defs: FilterDef[];
  value: Filters;
  onSearch: (filters: Filters) => void;
  t: Translate;
}) {
  const [draft, setDraft] = useState<Filters>(value);
  // The applied filters change from outside too (back and forward, a link): the draft follows.
  const applied = JSON.stringify(value);
  useEffect(() => setDraft(JSON.parse(applied) as Filters), [applied]);
  const search = () => onSearch(draft);

  return (
    <div className={styles.filters} data-testid="list-filters">
      {defs.map((def) => (
        <div key={def.name} className={styles.filter}>
          <span className={styles.filterLabel}>{t(def.label)}</span>
          <FilterInput
            def={def}
            value={draft[def.name]}
            onChange={(v) => setDraft((d) => ({ ...d, [def.name]: v }))}
            onEnter={search}
            t={t}
          />
        </div>
      ))}
      <div className={styles.filterButtons}>
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="list-search">
          {t('list:search')}
        </Button>
        <Button
          icon={<UndoOutlined />}
          onClick={() => {
            setDraft({});
            onSearch({});
          }}
          data-testid="list-reset"
        >
          {t('list:reset')}
        </Button>
      </div>
    </div>
  );
}
