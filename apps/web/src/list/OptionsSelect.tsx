/** A select over static options or options loaded from the server (cached by their key). */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Option, Options } from './types.ts';

const NONE: Option[] = [];

export function useOptions(options: Options | undefined): { options: Option[]; loading: boolean } {
  const source = options && !Array.isArray(options) ? options : undefined;
  const loaded = useQuery({
    queryKey: source?.key ?? ['list-options-none'],
    queryFn: () => (source ? source.load() : Promise.resolve(NONE)),
    enabled: source !== undefined,
    staleTime: 300_000,
  });
  if (Array.isArray(options)) return { options, loading: false };
  return { options: loaded.data ?? NONE, loading: loaded.isLoading };
}

interface Props {
  options?: Options;
  value?: string | number;
  onChange?: (value: string | number | undefined) => void;
  placeholder?: string;
  id?: string;
  className?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

export function OptionsSelect({
  options,
  value,
  onChange,
  placeholder,
  id,
  className,
  disabled,
  ...rest
}: Props) {
  const { t } = useTranslation();
  const { options: list, loading } = useOptions(options);
  return (
    <Select<string | number>
      id={id}
      className={className}
      data-testid={rest['data-testid']}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={disabled}
      loading={loading}
      placeholder={placeholder}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={list.map((o) => ({
        value: o.value,
        label: o.labelKey ? t(o.labelKey) : (o.label ?? String(o.value)),
      }))}
    />
  );
}
