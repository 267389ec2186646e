import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { guardAgainstStrayDrops } from './lib/drop-guard';
import { initTheme } from './lib/theme';
import './styles/tokens.css';
import './styles/base.css';
import './components/components.css';
import './styles/app.css';

initTheme();
guardAgainstStrayDrops();

const root = document.getElementById('root');
if (!root) throw new Error('CaseDesk: #root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
