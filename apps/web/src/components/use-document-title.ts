import { useEffect } from 'react';
import { VERSION } from '@scrutineer/contracts';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${VERSION.LOGO}`;
  }, [title]);
}
