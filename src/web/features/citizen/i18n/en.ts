import type { Translation } from '../../../i18n/translation'
import type { CitizenCatalogue } from './fr'

// The citizen screens in English, fetched only by those who choose English.
export const citizenEn: Translation<CitizenCatalogue> = {
  common: {
    codeLabel: 'Code:',
    trackWithCode: 'Track with a code',
    seeMyReports: 'See my reports',
  },
  device: {
    unknownTitle: 'This device is no longer recognised',
    unknownText:
      'The server does not know the identifier saved on this device: its reports cannot be shown here. You can find a report with its code under “Track a report”.',
    forget: 'Forget this identifier',
  },
  reportForm: {
    meta: {
      title: 'Report a problem | Urban Alerts',
      description:
        'Report an urban problem in Dakar anonymously: roads, street lighting, cleanliness. A photo, a voice note, and it is sent.',
    },
    intro: 'Anonymous and free: no name, no phone number. A voice note is enough if you prefer to speak.',
    category: {
      legend: 'What is the problem?',
      loading: 'Loading the categories...',
      error: 'Could not load the categories.',
    },
    place: {
      legend: 'Where is it?',
      mapLabel: 'Map: move the pin to where the problem is',
      mapHint: 'Tap the map or drag the pin to show the exact place.',
      pin: 'Place of the problem',
      pinToCentre: 'Put the pin at the centre of the map',
      notChosen:
        'Your position is not known. Tap the map or drag the pin to where the problem is, or confirm the point shown.',
      confirm: 'Confirm this point',
      useMyPosition: 'Use my position',
      locating: 'Finding your position...',
      position: 'Position: {{coordinates}}',
      address: 'Address',
      addressHint: 'Filled in from the map; you can correct it.',
      addressLookup: 'Looking up the address...',
      addressPlaceholder: 'Street, neighbourhood, landmark…',
      department: 'Department',
    },
    description: {
      label: 'Description',
      hint: 'At least 10 characters, or record a voice note instead.',
      placeholder: 'Example: deep pothole in front of the school, motorbikes fall.',
    },
    photo: {
      legend: 'Photo (optional)',
      camera: 'Take a photo',
      gallery: 'Choose from the gallery',
      compressing: 'Preparing the photo...',
      preview: 'Photo preview',
      size: 'Photo ready: {{size}} (instead of {{original}})',
      remove: 'Remove the photo',
      unreadable: 'This image cannot be read. Choose a JPEG, PNG or WebP photo.',
    },
    voice: {
      legend: 'Voice note (optional)',
      hint: 'Explain the problem out loud, up to {{minutes}} minutes.',
      record: 'Record a voice note',
      stop: 'Stop',
      recording: 'Recording',
      elapsed: '{{elapsed}} / {{max}}',
      ready: 'Voice note: {{duration}}, {{size}}',
      player: 'Listen to the voice note',
      delete: 'Delete the voice note',
      denied:
        'Access to the microphone was refused. Allow the microphone for this site in the browser settings, or describe the problem in writing.',
      noMicrophone: 'No microphone was found on this device. Describe the problem in writing.',
      unsupported: 'This browser cannot record a voice note. Describe the problem in writing.',
      failed: 'The recording failed. Try again or describe the problem in writing.',
    },
    summary: {
      size: 'Upload size: {{size}}',
      textOnly: 'Text only: less than 1 KB',
    },
    submit: 'Send the report',
    submitting: 'Sending...',
    progress: 'Sending the report',
    progressValue: 'Sending: {{percent}} %',
    sent: 'Report sent',
  },
  nearby: {
    title: 'Me too: is it the same problem?',
    intro:
      'These reports of the same category are less than {{radius}} m away. If it is the same problem, support it instead of sending another one: the organisation will know there are several of you.',
    distance: '{{distance}} m away',
    same: 'It is the same problem',
    supporting: 'Sending...',
    yours: 'You sent this report',
    alreadySupported: 'You already support it',
    different: 'Not the same? Go on with the form below.',
    supportedToast: 'Thank you! Your support is counted',
    supportedTitle: 'Thank you! You support this report',
    supportedText:
      '{{total}} resident(s) now support it. You follow it in “My reports”, as if it were yours.',
  },
  queued: {
    title: 'No network: your report is kept on this phone',
    text: 'It will leave by itself as soon as the connection is back, even if you close this page. Meanwhile it shows in “My reports” as “Waiting to be sent”.',
  },
  outbox: {
    badge: 'Waiting to be sent',
    refusedBadge: 'Not sent',
    queuedOn: 'Prepared on {{date}}',
    photo: 'Photo: {{size}}',
    voiceNote: 'Voice note: {{size}}',
    waiting: 'Offline: it will leave by itself when the network is back.',
    sending: 'Sending as soon as possible...',
    refused: 'The server refused this report: {{message}}',
    sendNow: 'Send now',
    cancel: 'Cancel sending',
    cancelTitle: 'Cancel this report?',
    cancelText: 'It has not been sent yet: it will be erased from this phone, with its photo and voice note.',
    cancelConfirm: 'Yes, erase it',
    cancelled: 'Report cancelled',
  },
  resolution: {
    question: 'Is it fixed?',
    text: 'The organisation marked this report “Resolved”. Is the problem really gone?',
    noMoreReopen: 'You already reopened it once: you can only confirm.',
    yes: 'Yes, it is fixed',
    no: 'No, still there',
    confirmed: 'Thank you! Resolution confirmed',
    reopenTitle: 'Reopen this report?',
    reopenText:
      'It will be “Waiting” again for the organisation handling it. You can reopen it only once, within {{days}} days.',
    reopenConfirm: 'Yes, reopen it',
    reopened: 'Report reopened: the organisation will take it up again',
    listTitle: 'Your reports marked “Resolved”',
  },
  success: {
    title: 'Thank you! Your report is sent',
    codeLabel: 'Your tracking code',
    codeHint: 'Write this code down: it lets you follow the report from any device, under “Track a report”.',
    copy: 'Copy the code',
    copied: 'Code copied',
    copyFailed: 'Could not copy: write the code down by hand.',
    another: 'Report another problem',
  },
  myReports: {
    meta: {
      title: 'My reports | Urban Alerts',
      description: 'The reports sent or followed from this device, with their status and history.',
    },
    intro: 'The reports sent or followed from this device.',
    loading: 'Loading your reports...',
    offlineTitle: 'Not available offline',
    offlineText:
      'Your reports will show here as soon as this phone is back online. Those filed offline wait safely on the phone.',
    count: '{{total}} report(s)',
    emptyTitle: 'No report yet',
    emptyText:
      'The reports you send from this device will show here, with their follow-up. Do you have a code? Add it under “Track a report”.',
    photo: 'Photo of the report: {{type}}',
    openPhoto: 'See the photo full size',
    voiceNote: 'Voice note',
    voiceNoteOf: 'Voice note: {{type}}',
    followed: 'Followed with its code',
    supported: 'You support it (“Me too”)',
    history: 'History ({{total}})',
  },
  history: {
    separator: ': ',
    statusChange: '{{from}} → {{to}}',
    message: '“{{title}}”',
    reason: 'Reason: {{reason}}',
    assigned: 'Assigned to {{organization}} by the administration',
    events: {
      created: 'Report sent',
      claimed: 'Taken in hand',
      status_changed: 'Status changed',
      priority_changed: 'Priority changed',
      message_sent: 'Message received',
      supported: 'Supported by another resident',
      confirmed: 'Resolution confirmed',
      reopened: 'Report reopened',
    },
  },
  notifications: {
    meta: {
      title: 'Notifications | Urban Alerts',
    },
    intro: 'The messages of the organisations about your reports.',
    loading: 'Loading the notifications...',
    count: '{{total}} message(s), {{unread}} unread',
    emptyTitle: 'No notification',
    emptyText: 'When an organisation writes to you about one of your reports, its message shows here.',
    unread: 'Unread',
    about: '{{type}} · code {{code}}',
  },
  reportDetails: {
    filed: 'Reported on',
    claimed: 'Taken on',
    resolved: 'Resolved on',
    updated: 'Last update',
    notYet: '—',
    history: 'History',
    organization: 'Organisation in charge',
    noOrganization: 'None yet',
  },
  publicReport: {
    meta: {
      title: '{{subject}} | Urban Alerts',
      subject: '{{description}} – {{type}}',
      description: '{{status}} – {{place}}. Reported on {{date}}.',
      handledBy: 'Handled by {{organization}}.',
    },
    heading: 'Report',
    loading: 'Loading the report...',
    place: 'Place',
    mapLabel: 'Map of the report’s place',
    pin: 'Place of the report',
    privacy:
      'The tracking code, the photo, the voice note and the messages stay private: only the device that sent the report sees them.',
  },
  tracking: {
    meta: {
      title: 'Track a report | Urban Alerts',
      description: 'Follow a report with its code: status, dates and history.',
    },
    intro: 'Enter the 8-character code received when the report was sent.',
    codeLabel: 'Report code',
    codePlaceholder: 'E.g.: 7KQ2M9XD',
    searching: 'Searching...',
    department: 'Department',
    publicPage: 'See the report’s public page',
    follow: 'Follow on this device',
    following: 'Adding...',
    followed: 'This report is followed on this device.',
    followedToast: 'Added to “My reports”',
  },
  about: {
    meta: {
      title: 'About | Urban Alerts',
      description:
        'Urban Alerts: the platform for reporting urban problems in the Dakar department. How it works, what is kept, what stays anonymous.',
    },
    title: 'About Urban Alerts',
    intro:
      'Urban Alerts is the platform for reporting urban problems in the Dakar department. Residents report on a map a pothole, a dead street light or a rubbish dump; partner organisations (town halls, public services, associations…) take the reports, fix them and answer.',
    howTitle: 'How it works',
    steps: {
      report: {
        title: '1. You report',
        text: 'Choose the kind of problem, place it on the map, add a photo or a voice note. No account to create.',
      },
      claim: {
        title: '2. An organisation takes it',
        text: 'The partner organisations of the category see the report, take it and update its status.',
      },
      follow: {
        title: '3. You follow it',
        text: 'With your tracking code, in “My reports” or “Track a report”, you see every step and the messages of the organisations.',
      },
    },
    privacyTitle: 'What is kept, what stays anonymous',
    privacy: {
      noName: 'No name, no phone number, no e-mail address is asked of you.',
      stored:
        'What is kept: the kind of problem, the description, the place (address and coordinates), the photo and the voice note, and the dates.',
      photo:
        'Photos are shrunk on your phone then saved again by the server: their metadata (device, GPS position, date) are removed.',
      device:
        'Your device receives a secret identifier to find your reports; the server keeps only a fingerprint of it (a hash) and never shows it to organisations.',
      public:
        'The kind, description, address, status and dates of a report are public (map and list of the home page); the photo and the voice note are shown only to the organisations in charge of its category and to the administrators, and to the administrators alone if the report is rejected.',
      followers:
        'Following a report by its code, or saying “Me too”, shows only its status and public history: the photo, the voice note and the organisations’ messages go only to the device that sent it.',
    },
    contactTitle: 'Write to us',
    contactText: 'A question, an idea, a problem with the platform? Write to us:',
    actionsTitle: 'Take part',
    organizationText: 'Do you represent a town hall, a public service or an association?',
  },
  reasons: {
    filing: {
      descriptionTooShort: 'Describe the problem in at least 10 characters, or record a voice note.',
      unknownCategory: 'Choose a category from the list.',
      invalidCoordinates: 'The position of the report is not valid.',
      placeNotChosen:
        'Your position is not known: tap the map or drag the pin to where the problem is, or confirm the point shown.',
      photoType: 'The photo must be a JPEG, PNG or WebP image.',
      audioType: 'The voice note must be a WebM, Ogg, MP4 or MP3 recording.',
      audioEmpty: 'The voice note is empty or unreadable. Record it again.',
      audioTooLong: 'The voice note must not be longer than 2 minutes.',
      unknownDevice: 'This device is not recognised. Try again: it will be given a new identifier.',
      tooManyReports: 'You have sent many reports in a short time. Try again in an hour.',
      weakIdempotencyKey:
        'The Idempotency-Key must be drawn at random: a UUID v4, or at least 22 base64url characters.',
      idempotencyKeyOfAnotherDevice: 'This key was already used for a report sent by another device.',
      alreadyReceived:
        'This report was already received. Find it under “My reports” on the device that sent it.',
    },
    tracking: {
      notFound: 'No report matches this code. Check the 8 characters.',
      invalidCode: 'The code has 8 characters (letters and digits).',
      tooManyCodes: 'Too many codes tried from this address. Try again in an hour.',
    },
    support: {
      notFound: 'This report does not exist or no longer exists.',
      closed: 'This report is already resolved or rejected: it can no longer be supported.',
      ownReport: 'You sent this report yourself.',
      alreadySupported: 'You already support this report.',
      tooMany: 'You have supported many reports in a short time. Try again in an hour.',
    },
    resolution: {
      notYours: 'Only the device that sent this report can say whether it is fixed.',
      notResolved: 'This report is not marked “Resolved”: there is nothing to confirm.',
      alreadyConfirmed: 'You have already confirmed that this problem is fixed.',
      alreadyReopened: 'This report has already been reopened once: it cannot be reopened again.',
      tooLate: 'The 30 days to reopen this report are over.',
    },
  },
}
