import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import './index.css';
import { createAppActors } from './actors/app-actors';
import { AppActorsContext } from './actors/hooks';
import { afterFirstPaint, mount } from './mount';
import { createAppRouter } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// A prerendered page paints its HTML first; the app starts (actors, router, hydration) in the tasks after.
afterFirstPaint(root, () => {
  const actors = createAppActors();
  const router = createAppRouter(actors);
  mount(
    root,
    <StrictMode>
      <AppActorsContext.Provider value={actors}>
        <RouterProvider router={router} />
      </AppActorsContext.Provider>
    </StrictMode>,
    router,
  );
});
