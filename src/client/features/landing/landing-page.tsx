import { useEffect } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BRAND_NAME } from '../../components/ui/brand-logo';
import { SkipLink } from '../../components/ui/skip-link';
import { ClosingSection } from './closing-section';
import { GamificationSection } from './gamification-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { PlansSection } from './plans-section';
import { SharingSection } from './sharing-section';
import { TestimonialsSection } from './testimonials-section';
import { ToolsSection } from './tools-section';

/** The landing page's document title; also written into its prerendered HTML (prerender.tsx). */
export function landingTitle(t: TFunction<'landing'>): string {
  return `${BRAND_NAME} · ${t('meta.title')}`;
}

/** `/`: what StudyPath does, for whom, what it costs in limits, and the way in (spec §2: also where sign-out lands). */
export function LandingPage() {
  const { t } = useTranslation('landing');

  useEffect(() => {
    document.title = landingTitle(t);
  }, [t]);

  return (
    <div className="min-h-dvh bg-background text-foreground">
      <SkipLink>{t('nav.skipToContent')}</SkipLink>
      <LandingHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <HeroSection />
        <ToolsSection />
        <GamificationSection />
        <SharingSection />
        <PlansSection />
        <TestimonialsSection />
        <ClosingSection />
      </main>
      <LandingFooter />
    </div>
  );
}
