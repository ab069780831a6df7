/** Error texts: API client errors per call, and connection errors. */

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
  // Zones, presence, events, rules and alerts
  fetchZones: 'Failed to fetch zones',
  createZone: 'Failed to create zone',
  updateZone: 'Failed to update zone',
  deleteZone: 'Failed to delete zone',
  fetchPresence: 'Failed to fetch zone presence',
  fetchEvents: 'Failed to fetch events',
  fetchRules: 'Failed to fetch rules',
  createRule: 'Failed to create rule',
  updateRule: 'Failed to update rule',
  deleteRule: 'Failed to delete rule',
  fetchAlerts: 'Failed to fetch alerts',
  acknowledgeAlert: 'Failed to acknowledge alert',
  resolveAlert: 'Failed to resolve alert',
  // Webhooks and MQTT output
  fetchWebhooks: 'Failed to fetch webhooks',
  createWebhook: 'Failed to create webhook',
  updateWebhook: 'Failed to update webhook',
  deleteWebhook: 'Failed to delete webhook',
  fetchDeadLetters: 'Failed to fetch failed deliveries',
  retryDeadLetter: 'Failed to retry delivery',
  fetchMqttOutput: 'Failed to fetch MQTT output settings',
  updateMqttOutput: 'Failed to update MQTT output settings',
  // Floor model
  fetchFloorModel: 'Failed to fetch the floor model',
  updateFloorModel: 'Failed to save the floor model',
  // Buildings
  fetchBuildings: 'Failed to fetch buildings',
  fetchBuilding: 'Failed to fetch building',
  createBuilding: 'Failed to create building',
  updateBuilding: 'Failed to update building',
  deleteBuilding: 'Failed to delete building',
  // History
  exportHistory: 'Failed to export the history',
  fetchHistory: 'Failed to load the history',
  // Fallback
  default: 'Failed',
} as const;
export type ApiErrorKey = keyof typeof API_ERRORS;

/** Hebrew texts of the API errors the console shows (the others are only logged). */
export const API_ERRORS_HE: Partial<Record<ApiErrorKey, string>> = {
  exportHistory: 'ייצוא ההיסטוריה נכשל',
  fetchHistory: 'טעינת ההיסטוריה נכשלה',
  fetchMaps: 'טעינת המפות נכשלה',
  fetchSharedMaps: 'טעינת המפות המשותפות נכשלה',
  saveMapPreset: 'שמירת תצוגת המפה נכשלה',
  updateGateway: 'עדכון השער נכשל',
  deleteGateway: 'מחיקת השער נכשלה',
  updateGatewaySettings: 'עדכון הגדרות השער נכשל',
  monitorGateway: 'הוספת השער לניטור נכשלה',
  updateMapGateway: 'עדכון השער במפה נכשל',
  removeMapGateway: 'הסרת השער מהמפה נכשלה',
  updateDevice: 'עדכון המכשיר נכשל',
  deleteDevice: 'מחיקת המכשיר נכשלה',
  unmonitorDevice: 'הסרת המכשיר מהניטור נכשלה',
  updateUserSettings: 'עדכון הגדרות המשתמש נכשל',
  fetchZones: 'טעינת האזורים נכשלה',
  createZone: 'יצירת האזור נכשלה',
  updateZone: 'עדכון האזור נכשל',
  deleteZone: 'מחיקת האזור נכשלה',
  fetchPresence: 'טעינת הנוכחות באזורים נכשלה',
  fetchEvents: 'טעינת האירועים נכשלה',
  fetchRules: 'טעינת הכללים נכשלה',
  createRule: 'יצירת הכלל נכשלה',
  updateRule: 'עדכון הכלל נכשל',
  deleteRule: 'מחיקת הכלל נכשלה',
  fetchAlerts: 'טעינת ההתראות נכשלה',
  acknowledgeAlert: 'אישור ההתראה נכשל',
  resolveAlert: 'סגירת ההתראה נכשלה',
  fetchWebhooks: 'טעינת ה-Webhooks נכשלה',
  createWebhook: 'יצירת ה-Webhook נכשלה',
  updateWebhook: 'עדכון ה-Webhook נכשל',
  deleteWebhook: 'מחיקת ה-Webhook נכשלה',
  fetchDeadLetters: 'טעינת המשלוחים שנכשלו נכשלה',
  retryDeadLetter: 'שליחה חוזרת נכשלה',
  fetchMqttOutput: 'טעינת הגדרות פלט MQTT נכשלה',
  updateMqttOutput: 'עדכון הגדרות פלט MQTT נכשל',
  fetchFloorModel: 'טעינת מודל הקומה נכשלה',
  updateFloorModel: 'שמירת מודל הקומה נכשלה',
};

/**
 * Sentences the server answers with (the `message` of a 4xx) for zones, rules, alerts, webhooks
 * and MQTT output; the server sends `en`, the console may show `he` for the same sentence.
 */
export const ALERTING_ERRORS = {
  zoneNotFound: { en: 'Zone not found', he: 'האזור לא נמצא' },
  ruleNotFound: { en: 'Rule not found', he: 'הכלל לא נמצא' },
  alertNotFound: { en: 'Alert not found', he: 'ההתראה לא נמצאה' },
  webhookNotFound: { en: 'Webhook not found', he: 'ה-Webhook לא נמצא' },
  deadLetterNotFound: { en: 'Failed delivery not found', he: 'המשלוח שנכשל לא נמצא' },
  polygonCrosses: {
    en: 'The zone outline crosses itself; draw it without crossing edges',
    he: 'קו המתאר של האזור חוצה את עצמו; יש לשרטט אותו בלי צלעות נחתכות',
  },
  polygonFlat: {
    en: 'The zone has no area; its corners must not lie on one line',
    he: 'לאזור אין שטח; הפינות שלו אינן יכולות להיות על קו אחד',
  },
  tooManyZones: {
    en: 'This map has the most zones it may have',
    he: 'במפה זו כבר יש את המספר המרבי של אזורים',
  },
  tooManyRules: {
    en: 'This map has the most rules it may have',
    he: 'במפה זו כבר יש את המספר המרבי של כללים',
  },
  thresholdRequired: {
    en: 'This kind of rule needs a duration (thresholdSeconds)',
    he: 'סוג כלל זה דורש משך זמן (thresholdSeconds)',
  },
  thresholdNotAllowed: {
    en: 'Enter and exit rules take no duration',
    he: 'כללי כניסה ויציאה אינם מקבלים משך זמן',
  },
  zoneRequired: {
    en: 'An absence rule needs a zone',
    he: 'כלל היעדרות דורש אזור',
  },
  zoneNotOnMap: {
    en: 'The rule names a zone that is not on this map',
    he: 'הכלל מציין אזור שאינו במפה זו',
  },
  alertResolved: {
    en: 'This alert is already resolved',
    he: 'ההתראה כבר נסגרה',
  },
  webhookUrl: {
    en: 'The webhook URL must be an http:// or https:// address',
    he: 'כתובת ה-Webhook חייבת להתחיל ב-http:// או https://',
  },
  webhookTarget: {
    en: 'The webhook URL points to an address webhooks may not reach (link-local, multicast, or a private network where these are not allowed)',
    he: 'כתובת ה-Webhook מפנה לכתובת שאסור לשלוח אליה (כתובת מקומית לקישור, ריבוי שידורים, או רשת פרטית כשהיא אינה מותרת)',
  },
  webhookMetadata: {
    en: 'The webhook URL points to a cloud metadata service (such as 169.254.169.254 or metadata.google.internal), which webhooks may never reach',
    he: 'כתובת ה-Webhook מפנה לשירות מטא-נתונים של ענן (כגון 169.254.169.254 או metadata.google.internal), שאסור ל-Webhooks לפנות אליו לעולם',
  },
  tooManyWebhooks: {
    en: 'This account has the most webhooks it may have',
    he: 'לחשבון זה כבר יש את המספר המרבי של Webhooks',
  },
  badTime: {
    en: 'since and before must be ISO 8601 times',
    he: 'since ו-before חייבים להיות זמנים בתבנית ISO 8601',
  },
} as const;
export type AlertingErrorKey = keyof typeof ALERTING_ERRORS;

/** Sign-in failures all surface as this text. */
export const INVALID_CREDENTIALS = 'Invalid credentials';

/** Connection errors of the live channel. */
export const CONNECTION_ERRORS = {
  noToken: 'No authentication token available',
  timeout: 'Connection timeout',
  authFailed: 'Authentication failed',
  /** The page runs another realtime protocol than the server: a reload fetches the current one. */
  protocolMismatch: 'Incompatible client version: reload the page',
} as const;
