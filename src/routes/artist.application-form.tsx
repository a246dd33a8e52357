import { createFileRoute } from '@tanstack/react-router';
import { artistApplicationFormRoute } from '../../contracts/constants';
import { ApplicationFormPage } from '../components/artist/application-form-page';

export const Route = createFileRoute('/artist/application-form')({
  staticData: {
    pageTitle: artistApplicationFormRoute.label,
    name: artistApplicationFormRoute.routeName,
    authUser: 'artist',
    layout: 'application',
  },
  component: ApplicationFormPage,
});
