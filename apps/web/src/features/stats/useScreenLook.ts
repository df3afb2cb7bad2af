/** The look of a translated or large statistics screen for the current language and area unit. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../i18n/index.ts';
import { useAreaUnit } from '../../lib/settings.ts';
import { lookOf, type StatLook, type Variant } from './look.ts';

export function useScreenLook(variant: Variant): StatLook {
  const { t, i18n } = useTranslation(['stats', 'common']);
  const unit = useAreaUnit();
  const language = isLanguage(i18n.language) ? i18n.language : 'zh';
  return useMemo(
    () =>
      lookOf(variant, {
        t: (key, vars) => t(key, vars ?? {}),
        language,
        unit,
        unitLabel: t(`common:areaUnit.${unit}`),
      }),
    [variant, t, language, unit],
  );
}
