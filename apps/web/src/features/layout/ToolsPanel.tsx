/**
 * The tools panel: 'Management Tools' with the Maps, Devices, Gateways and View tabs. On phones it
 * is a sheet under the map: low by default so the map keeps most of the screen, raised by its
 * handle or by choosing a tab, lowered again by the handle.
 */
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { BuildingsSection } from '../buildings/BuildingsSection.tsx';
import { DeviceList } from '../devices/DeviceList.tsx';
import { GatewayList } from '../gateways/GatewayList.tsx';
import { HistoryExport } from '../history/HistoryExport.tsx';
import { MapList } from '../maps/MapList.tsx';
import { ReportsButton } from '../reports/ReportsButton.tsx';
import { SettingsPanel } from '../settings/SettingsPanel.tsx';
import { ViewControls } from '../view/ViewControls.tsx';
import { WalkSection } from '../walks/WalkSection.tsx';
import { ZonesPanel } from '../zones/ZonesPanel.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useUiStore, type ToolsTab } from './ui-store.ts';

const TABS: Exclude<ToolsTab, 'settings'>[] = ['maps', 'devices', 'gateways', 'view', 'zones'];

export function ToolsPanel() {
  const { t } = useI18n();
  const tab = useUiStore((s) => s.toolsTab);
  const settingsOpen = useUiStore((s) => s.isSettingsOpen);
  const setTab = useUiStore((s) => s.setToolsTab);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [raised, setRaised] = useState(false);
  const choose = (id: (typeof TABS)[number]) => {
    setTab(id);
    setRaised(true);
  };

  // Closing the settings gives focus back to the selected tab, not to the page body.
  const wasSettingsOpen = useRef(settingsOpen);
  useEffect(() => {
    if (wasSettingsOpen.current && !settingsOpen)
      tabRefs.current[TABS.findIndex((id) => id === tab)]?.focus();
    wasSettingsOpen.current = settingsOpen;
  }, [settingsOpen, tab]);

  return (
    <aside
      className={`tools-panel${settingsOpen ? ' settings-open' : ''}${raised ? ' raised' : ''}`}
      aria-labelledby="tools-title"
      data-testid="tools-panel"
    >
      <button
        type="button"
        className="sheet-handle"
        aria-expanded={raised || settingsOpen}
        aria-label={t(raised ? 'tools.lower' : 'tools.raise')}
        data-testid="tools-sheet-handle"
        onClick={() => setRaised(!raised)}
      >
        <span aria-hidden="true" />
      </button>
      <div className="tools-head">
        <h2 id="tools-title">{t('tools.title')}</h2>
        <p className="muted">{t('tools.subtitle')}</p>
      </div>
      {settingsOpen ? (
        <div className="tab-panel">
          <SettingsPanel />
        </div>
      ) : (
        <>
          <Tabs
            ids={TABS}
            selected={tab}
            onSelect={choose}
            label={(id) => t(`tools.tabs.${id}`)}
            tabId={(id) => `tab-${id}`}
            panelId={(id) => `panel-${id}`}
            refs={tabRefs}
          />
          <div
            className="tab-panel"
            role="tabpanel"
            id={`panel-${tab}`}
            aria-labelledby={`tab-${tab}`}
          >
            {tab === 'maps' && (
              <>
                <MapList />
                <HistoryExport />
                <ReportsButton />
                <WalkSection />
                <BuildingsSection />
              </>
            )}
            {tab === 'devices' && <DeviceList />}
            {tab === 'gateways' && <GatewayList />}
            {tab === 'view' && <ViewControls />}
            {tab === 'zones' && <ZonesPanel />}
          </div>
        </>
      )}
    </aside>
  );
}
