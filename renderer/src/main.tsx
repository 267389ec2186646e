import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { guardAgainstStrayDrops } from './lib/drop-guard';
import { initTheme } from './lib/theme';
import './styles/tokens.css';
import './styles/base.css';
import './components/components.css';
import './styles/app.css';

guardAgainstStrayDrops();

const root = document.getElementById('root');
if (!root) throw new Error('CaseDesk: #root is missing from index.html');
// The kept theme first, so the first screen is drawn in its colours.
void initTheme().finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
