/** Error texts of spec §8: API client errors per call, and connection errors. */

export const API_ERRORS = {
  // Gateways
  fetchGateways: 'Failed to fetch gateways',
  createGateway: 'Failed to create gateway',
  updateGateway: 'Failed to update gateway',
  deleteGateway: 'Failed to delete gateway',
  updateGatewaySettings: 'Failed to update gateway settings',
  fetchMonitoredGateways: 'Failed to fetch monitored gateways',
  monitorGateway: 'Failed to add gateway to monitoring',
  unmonitorGateway: 'Failed to remove gateway from monitoring',
  fetchAvailableGateways: 'Failed to fetch available gateways',
  fetchMapGateways: 'Failed to fetch map gateways',
  addMapGateway: 'Failed to add gateway to map',
  updateMapGateway: 'Failed to update map gateway',
  removeMapGateway: 'Failed to remove gateway from map',
  fetchUserGateways: 'Failed to fetch user gateways',
  // Devices
  fetchDevices: 'Failed to fetch devices',
  createDevice: 'Failed to create device',
  updateDevice: 'Failed to update device',
  deleteDevice: 'Failed to delete device',
  fetchAvailableDevices: 'Failed to fetch available devices',
  fetchMonitoredDevices: 'Failed to fetch monitored devices',
  monitorDevice: 'Failed to add device to monitoring',
  unmonitorDevice: 'Failed to remove device from monitoring',
  // Settings and labels
  fetchSettings: 'Failed to fetch settings',
  updateSettings: 'Failed to update settings',
  fetchLabels: 'Failed to fetch labels',
  createLabel: 'Failed to create label',
  updateLabel: 'Failed to update label',
  deleteLabel: 'Failed to delete label',
  // Sync
  triggerSync: 'Failed to trigger sync',
  syncStatus: 'Failed to get sync status',
  startSync: 'Failed to start periodic sync',
  stopSync: 'Failed to stop periodic sync',
  // Maps
  fetchMaps: 'Failed to fetch maps',
  fetchSharedMaps: 'Failed to fetch shared maps',
  fetchPublicMaps: 'Failed to fetch public maps',
  fetchMap: 'Failed to fetch map',
  createMap: 'Failed to create map',
  updateMap: 'Failed to update map',
  deleteMap: 'Failed to delete map',
  duplicateMap: 'Failed to duplicate map',
  saveMapPreset: 'Failed to save map preset',
  uploadImage: 'Failed to upload image',
  removeImage: 'Failed to remove image',
  // Collaborators
  fetchCollaborators: 'Failed to fetch collaborators',
  addCollaborator: 'Failed to add collaborator',
  updateCollaborator: 'Failed to update collaborator',
  removeCollaborator: 'Failed to remove collaborator',
  // User settings
  fetchUserSettings: 'Failed to fetch user settings',
  updateUserSettings: 'Failed to update user settings',
  updateViewOption: 'Failed to update view option',
  updateTooltipFields: 'Failed to update tooltip fields',
  updateTriangulation: 'Failed to update triangulation settings',
  // Ingest keys
  fetchIngestKeys: 'Failed to fetch ingest keys',
  createIngestKey: 'Failed to create ingest key',
  revokeIngestKey: 'Failed to revoke ingest key',
  importEspresense: 'Failed to import the ESPresense configuration',
  // Fallback
  default: 'Failed',
} as const;
export type ApiErrorKey = keyof typeof API_ERRORS;

/** Sign-in failures all surface as this text (spec §8). */
export const INVALID_CREDENTIALS = 'Invalid credentials';

/** Connection errors of the live channel (spec §8). */
export const CONNECTION_ERRORS = {
  noToken: 'No authentication token available',
  timeout: 'Connection timeout',
  authFailed: 'Authentication failed',
  /** The page runs another realtime protocol than the server: a reload fetches the current one. */
  protocolMismatch: 'Incompatible client version: reload the page',
} as const;
