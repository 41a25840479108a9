import { Link } from '@tanstack/react-router';
import { ArrowLeft, MapPinned } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { PageIllustration } from './page-illustration';
import { ShellLayout } from './shell-layout';
import { TrpcBoundary } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Any unknown address, shown inside the shell so the way back is right there; visitors see the Sign In link. */
export function NotFoundPage() {
  return (
    <TrpcBoundary>
      <NotFoundContent />
    </TrpcBoundary>
  );
}

function NotFoundContent() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('notFound.title'));
  return (
    <ShellLayout>
      <section
        aria-labelledby="page-title"
        data-testid="not-found"
        className="mx-auto flex max-w-xl flex-col items-center px-6 py-14 text-center md:py-24"
      >
        <PageIllustration icon={MapPinned} tone="primary" />
        <p className="mt-8 text-sm font-bold tracking-widest text-primary uppercase">{t('notFound.code')}</p>
        <h1 id="page-title" className="mt-2 text-2xl font-extrabold tracking-tight text-balance md:text-3xl">
          {t('notFound.title')}
        </h1>
        <p className="mt-3 max-w-md text-base leading-relaxed text-balance text-muted-foreground">{t('notFound.description')}</p>
        <Button asChild className="mt-8">
          <Link to="/dashboard" data-testid="not-found-dashboard-link">
            <ArrowLeft aria-hidden="true" />
            {t('notFound.backToDashboard')}
          </Link>
        </Button>
      </section>
    </ShellLayout>
  );
}
