import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../pages/contact-page';

export const Route = createFileRoute('/contact')({
  staticData: { pageTitle: 'Contact us', name: 'contact' },
  component: ContactPage,
});
