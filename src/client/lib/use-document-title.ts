import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the page, so history and tab lists tell pages apart. */
export function useDocumentTitle(pageTitle: string) {
  const { t } = useTranslation('shell');
  const title = t('documentTitle', { page: pageTitle });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
