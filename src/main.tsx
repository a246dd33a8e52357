import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import './index.css';
import { createAppActors } from './actors/app-actors';
import { AppActorsContext } from './actors/hooks';
import { mount } from './mount';
import { createAppRouter } from './router';

const actors = createAppActors();
const router = createAppRouter(actors);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

mount(
  root,
  <StrictMode>
    <AppActorsContext.Provider value={actors}>
      <RouterProvider router={router} />
    </AppActorsContext.Provider>
  </StrictMode>,
  router,
);
