import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../pages/about-page';

export const Route = createFileRoute('/about')({
  staticData: { pageTitle: 'About', name: 'about' },
  component: AboutPage,
});
