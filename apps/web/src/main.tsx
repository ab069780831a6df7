import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './styles/app.css';
import './styles/maps.css';
import './styles/devices.css';
import './styles/frame.css';
import './styles/zones.css';
import './styles/floor.css';
import './styles/plan.css';
import './styles/replay.css';
import './styles/reports.css';
import './styles/buildings.css';
import './styles/motion.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
