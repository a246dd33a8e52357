import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import './index.css';
import { createAppActors } from './actors/app-actors';
import { AppActorsContext } from './actors/hooks';
import { afterFirstPaint, mount, nextTask } from './mount';
import { createAppRouter } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// A prerendered page paints its HTML first; the app starts (actors, router, hydration) in the tasks after,
// each its own task, so a phone's main thread is never held long enough to miss a tap.
afterFirstPaint(root, async () => {
  const actors = createAppActors();
  await nextTask();
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
