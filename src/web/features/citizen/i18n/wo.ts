import type { Translation } from '../../../i18n/translation'
import type { CitizenCatalogue } from './fr'

// The citizen screens in Wolof (Latin script, the official spelling of the CLAD), fetched only
// by those who choose Wolof. To be reviewed by a native speaker before going live.
export const citizenWo: Translation<CitizenCatalogue> = {
  common: {
    codeLabel: 'Kod :',
    trackWithCode: 'Topp ak benn kod',
    seeMyReports: 'Xool samay yégle',
  },
  device: {
    unknownTitle: 'Jumtukaay bii, xamatuñu ko',
    unknownText:
      'Serwër bi xamul limu jumtukaay bii : mënuñu wone fii ay yégleem. Mën ngaa gis benn yégle ak kodam ci « Topp benn yégle ».',
    forget: 'Fàtte lim bii',
  },
  reportForm: {
    meta: {
      title: 'Yégle benn jafe-jafe | Alertes urbaines',
      description:
        'Yégleel benn jafe-jafe ci Ndakaaru te kenn du xam ku la : yoon yi, lamp yi, set gi. Benn nataal, benn kàddu, mu dem.',
    },
    intro:
      'Kenn du xam ku la te dafa ñàkk pay : du tur, du nimero telefon. Benn kàddu doy na su la neexee wax.',
    category: {
      legend: 'Lan mooy jafe-jafe bi ?',
      loading: 'Xeet yi ñu ngi ñëw...',
      error: 'Mënuñu indi xeet yi.',
    },
    place: {
      legend: 'Fan la nekk ?',
      mapLabel: 'Kàrt : toxal màndarga mi fa jafe-jafe bi nekk',
      mapHint: 'Laal kàrt bi walla diri màndarga mi ngir wone bérab bi.',
      pin: 'Bérabu jafe-jafe bi',
      pinToCentre: 'Teg màndarga mi ci digg kàrt bi',
      notChosen:
        'Xamunu fu nga nekk. Laal kaart bi walla diri màndarga bi ba fa jafe-jafe bi nekk, walla nangul bérab bi ñu wone.',
      confirm: 'Nangu bérab bii',
      useMyPosition: 'Jëfandikoo fi ma nekk',
      locating: 'Ñu ngi seet fi nga nekk...',
      position: 'Fi mu nekk : {{coordinates}}',
      address: 'Adrees',
      addressHint: 'Kàrt bi moo ko bind ; mën nga ko defar.',
      addressLookup: 'Ñu ngi seet adrees bi...',
      addressPlaceholder: 'Mbedd, gox, màndarga mu siiw…',
      department: 'Departmaa',
    },
    description: {
      label: 'Melokaan',
      hint: 'Lu ëpp 10 araf, walla nga dénc benn kàddu.',
      placeholder: 'Misaal : pax mu xóot ca kanam lekool ba, motoo yi dañuy daanu.',
    },
    photo: {
      legend: 'Nataal (bu la neexee)',
      camera: 'Foto',
      gallery: 'Tànn ci sa nataal yi',
      compressing: 'Ñu ngi waajal nataal bi...',
      preview: 'Nataal bi',
      size: 'Nataal bi pare na : {{size}} (ci béréb {{original}})',
      remove: 'Dindi nataal bi',
      unreadable: 'Mënuñu jàng nataal bii. Tànnal nataal JPEG, PNG walla WebP.',
    },
    voice: {
      legend: 'Kàddu (bu la neexee)',
      hint: 'Waxal jafe-jafe bi ak sa baat, ba {{minutes}} simili.',
      record: 'Dénc benn kàddu',
      stop: 'Taxawal',
      recording: 'Mu ngi dénc',
      elapsed: '{{elapsed}} / {{max}}',
      ready: 'Kàddu : {{duration}}, {{size}}',
      player: 'Déglu kàddu gi',
      delete: 'Far kàddu gi',
      denied:
        'Mayuloo ñu jëfandikoo mikro bi. Mayal mikro bi ci réglage yu navigateur bi, walla bind jafe-jafe bi.',
      noMicrophone: 'Amul benn mikro ci jumtukaay bii. Bindal jafe-jafe bi.',
      unsupported: 'Navigateur bii mënul dénc kàddu. Bindal jafe-jafe bi.',
      failed: 'Dénc gi antuwul. Jéemaatal walla bind jafe-jafe bi.',
    },
    summary: {
      size: 'Dayob yónnent bi : {{size}}',
      textOnly: 'Mbind rekk : mu yées 1 Ko',
    },
    submit: 'Yónnee yégle bi',
    submitting: 'Mu ngi dem...',
    progress: 'Yónnent yégle bi',
    progressValue: 'Yónnent : {{percent}} %',
    sent: 'Yégle bi dem na',
  },
  nearby: {
    title: 'Man itam : ndax jafe-jafe bi la ?',
    intro:
      'Yégle yii ci benn xeet lañu te sorewuñu {{radius}} m. Su dee jafe-jafe bi la, dimbalil ko te bul yónnee beneen : mbootaay gi dina xam ne ñu bari ngeen.',
    distance: 'Ci {{distance}} m',
    same: 'Jafe-jafe bi la',
    supporting: 'Mu ngi dem...',
    yours: 'Yaa yónnee yégle bii',
    alreadySupported: 'Dimbali nga ko ba noppi',
    different: 'Du moom ? Wéyal ci formulaire bi ci suuf.',
    supportedToast: 'Jërëjëf ! Sa ndimbal bind nañu ko',
    supportedTitle: 'Jërëjëf ! Yaa ngi dimbali yégle bii',
    supportedText: '{{total}} way-dëkk a koy dimbali léegi. Dinga ko topp ci « Samay yégle », ni sa yos.',
  },
  queued: {
    title: 'Amul internet : sa yégle mu ngi ci telefon bii',
    text: 'Dina dem boppam bu internet dellusee, su fekkee sax tëj nga xët wii. Ci diggante bi, mu ngi ci « Samay yégle » ak « Mu ngi xaar ngir dem ».',
  },
  outbox: {
    badge: 'Mu ngi xaar ngir dem',
    refusedBadge: 'Demul',
    queuedOn: 'Waajal nañu ko {{date}}',
    photo: 'Nataal : {{size}}',
    voiceNote: 'Kàddu : {{size}}',
    waiting: 'Amul internet : dina dem boppam bu internet dellusee.',
    sending: 'Dina dem léegi...',
    refused: 'Serwër bi bañ na yégle bii : {{message}}',
    sendNow: 'Yónnee ko léegi',
    cancel: 'Neenal yónnent bi',
    cancelTitle: 'Neenal yégle bii ?',
    cancelText: 'Yónneeguñu ko : dinañu ko far ci telefon bii, ak nataalam ak kàddoom.',
    cancelConfirm: 'Waaw, far ko',
    cancelled: 'Yégle bi neenal nañu ko',
  },
  resolution: {
    question: 'Ndax defar nañu ko ?',
    text: 'Mbootaay gi bind na ne yégle bii « Defar nañu ko ». Ndax jafe-jafe bi jeex na ci dëgg ?',
    noMoreReopen: 'Ubbiwaat nga ko benn yoon ba noppi : mën ngaa dëggal rekk.',
    yes: 'Waaw, defar nañu ko',
    no: 'Déedéet, mu ngi fi rekk',
    confirmed: 'Jërëjëf ! Dëggal nga ne defar nañu ko',
    reopenTitle: 'Ubbiwaat yégle bii ?',
    reopenText:
      'Dina dellu « Mu ngi xaar » ci mbootaay gi ko yor. Mën ngaa ko ubbiwaat benn yoon rekk, ci biir {{days}} fan.',
    reopenConfirm: 'Waaw, ubbiwaat ko',
    reopened: 'Yégle bi ubbiwaat nañu ko : mbootaay gi dina ko jëlaat',
    listTitle: 'Sa yégle yi ñu bind ne « Defar nañu ko »',
  },
  success: {
    title: 'Jërëjëf ! Sa yégle dem na',
    codeLabel: 'Sa kodu topp',
    codeHint: 'Bindal kod bii : mu ngi lay may nga topp yégle bi ci bépp jumtukaay, ci « Topp benn yégle ».',
    copy: 'Duppi kod bi',
    copied: 'Kod bi duppi nañu ko',
    copyFailed: 'Mënuñu ko duppi : bindal kod bi ak sa loxo.',
    another: 'Yégle beneen jafe-jafe',
  },
  myReports: {
    meta: {
      title: 'Samay yégle | Alertes urbaines',
      description: 'Yégle yi ñu yónnee walla di topp ci jumtukaay bii, ak fi ñu tollu ak seen jaar-jaar.',
    },
    intro: 'Yégle yi ñu yónnee walla di topp ci jumtukaay bii.',
    loading: 'Sa yégle yi ñu ngi ñëw...',
    offlineTitle: 'Amul internet',
    offlineText:
      'Sa yégle yi dinañu feeñ fii bu internet dellusee ci telefon bii. Yi nga yónne te amul internet ñu ngi ci telefon bi, di xaar.',
    count: '{{total}} yégle',
    emptyTitle: 'Amagul benn yégle',
    emptyText:
      'Yégle yi ngay yónnee ci jumtukaay bii dinañu feeñ fii, ak seen toppte. Am nga benn kod ? Yokk ko ci « Topp benn yégle ».',
    photo: 'Nataalu yégle bi : {{type}}',
    openPhoto: 'Xool nataal bi mu mag',
    voiceNote: 'Kàddu',
    voiceNoteOf: 'Kàddu : {{type}}',
    followed: 'Ñu ngi ko topp ak kodam',
    supported: 'Yaa ngi ko dimbali (« Man itam »)',
    history: 'Jaar-jaar ({{total}})',
  },
  history: {
    // Between an event and its detail: "Message reçu : « … »".
    separator: ': ',
    statusChange: '{{from}} → {{to}}',
    message: '« {{title}} »',
    reason: 'Li ko waral: {{reason}}',
    assigned: 'Administraasioŋ bi jox na ko {{organization}}',
    events: {
      created: 'Yégle bi dem na',
      claimed: 'Jël nañu ko',
      status_changed: 'Fi mu tollu soppiku na',
      priority_changed: 'Solo si soppiku na',
      message_sent: 'Bataaxal agsi na',
      supported: 'Beneen way-dëkk dimbali na ko',
      confirmed: 'Dëggal nañu ne defar nañu ko',
      reopened: 'Ubbiwaat nañu yégle bi',
    },
  },
  push: {
    title: 'Xibaar yi ci telefon bii',
    off: 'Jot ab xibaar bu mbootaay bindee la walla bu sa benn yégle soppee fi mu tollu, doonte tëj nga aplikaasioŋ bi. Dara du la xamme.',
    on: 'Dox na : telefon bii dina jot ab xibaar bu mbootaay bindee la walla bu sa benn yégle soppee fi mu tollu.',
    blocked: 'Xibaar yi dañu leen tëj ci site bii : mayal leen ci réglage yu navigateur bi.',
    unsupported: 'Navigateur bii manul jot xibaar.',
    failed: 'Manuñu soppi xibaar yi léegi. Jéemaatal ci kanam.',
    turnOn: 'Jot xibaar yi ci telefon bii',
    turnOff: 'Bul ma leen yónneeti',
  },
  notifications: {
    meta: {
      title: 'Xibaar yi | Alertes urbaines',
    },
    intro: 'Bataaxal yi mbootaay yi yónnee ci sa yégle yi.',
    loading: 'Xibaar yi ñu ngi ñëw...',
    count: '{{total}} bataaxal, {{unread}} yoo jàngagul',
    emptyTitle: 'Amul benn xibaar',
    emptyText: 'Bu benn mbootaay bindee la ci benn ci sa yégle yi, bataaxalam dina feeñ fii.',
    unread: 'Jàngagul',
    about: '{{type}} · kod {{code}}',
  },
  reportDetails: {
    filed: 'Yégle nañu ko',
    claimed: 'Jël nañu ko',
    resolved: 'Defar nañu ko',
    updated: 'Yeesal gu mujj',
    notYet: '—',
    history: 'Jaar-jaar',
    organization: 'Mbootaay gi ko yor',
    noOrganization: 'Kenn jëlagu ko',
  },
  publicReport: {
    meta: {
      title: '{{subject}} | Alertes urbaines',
      subject: '{{description}} – {{type}}',
      description: '{{status}} – {{place}}. Yégle nañu ko {{date}}.',
      handledBy: '{{organization}} moo ko yor.',
    },
    heading: 'Yégle',
    loading: 'Yégle bi mu ngi ñëw...',
    place: 'Bérab',
    mapLabel: 'Kàrtu bérabu yégle bi',
    pin: 'Bérabu yégle bi',
    privacy:
      'Kodu topp bi, nataal bi, kàddu gi ak bataaxal yi, kenn du leen gis : jumtukaay bi yónnee yégle bi rekk moo leen di gis.',
  },
  tracking: {
    meta: {
      title: 'Topp benn yégle | Alertes urbaines',
      description: 'Toppal benn yégle ak kodam : fi mu tollu, ay bisam ak jaar-jaaram.',
    },
    intro: 'Duggalal kod bu 8 araf bi nga jot bi nga yónneeyee yégle bi.',
    codeLabel: 'Kodu yégle bi',
    codePlaceholder: 'Misaal : 7KQ2M9XD',
    searching: 'Mu ngi seet...',
    department: 'Departmaa',
    publicPage: 'Xool xëtu yégle bi ngir ñépp',
    follow: 'Topp ko ci jumtukaay bii',
    following: 'Mu ngi yokk...',
    followed: 'Ñu ngi topp yégle bii ci jumtukaay bii.',
    followedToast: 'Yokk nañu ko ci « Samay yégle »',
  },
  about: {
    meta: {
      title: 'Ci mbir mi | Alertes urbaines',
      description:
        'Alertes urbaines : bérébu yégle jafe-jafe yi ci dëkk yi ci departmaa Ndakaaru. Naka la doxe, lan lañuy denc, lan mooy des ci kumpa.',
    },
    title: 'Ci mbiru Alertes urbaines',
    intro:
      'Alertes urbaines mooy bérébu yégle jafe-jafe yi ci dëkk yi ci departmaa Ndakaaru. Way-dëkk yi dañuy yégle ci kàrt bi benn pax, benn lamp bu fey walla benn sëbbukaay ; mbootaay yi ñuy liggéeyandoo (meeri yi, sérwiis yi, mbootaay yi…) dañuy jël yégle yi, defar leen te tontu.',
    howTitle: 'Naka la doxe',
    steps: {
      report: {
        title: '1. Yaa ngi yégle',
        text: 'Tànnal xeetu jafe-jafe bi, teg ko ci kàrt bi, yokk ci benn nataal walla benn kàddu. Soxlawoo ubbi benn kont.',
      },
      claim: {
        title: '2. Benn mbootaay jël ko',
        text: 'Mbootaay yi ñuy liggéeyandoo te yor xeet bi dañuy gis yégle bi, jël ko te yeesal fi mu tollu.',
      },
      follow: {
        title: '3. Yaa ngi ko topp',
        text: 'Ak sa kodu topp, ci « Samay yégle » walla « Topp benn yégle », dinga gis bépp tappal ak bataaxal yu mbootaay yi.',
      },
    },
    privacyTitle: 'Li ñuy denc, li des ci kumpa',
    privacy: {
      noName: 'Duñu la laaj sa tur, sa nimero telefon walla sa adrees e-mail.',
      stored:
        'Li ñuy denc : xeetu jafe-jafe bi, melokaan gi, bérab bi (adrees ak coordonnées), nataal bi ak kàddu gi, ak ay bis yi.',
      photo:
        'Nataal yi dañuy wàññi ci sa telefon, serwër bi dencaat leen : dañuy far seeni métadonnées (jumtukaay, bérab GPS, bis).',
      device:
        'Sa jumtukaay dina jot benn lim bu kumpa ngir gis sa yégle yi ; serwër bi dafay denc rekk benn màndargaam te du ko wone mukk mbootaay yi.',
      public:
        'Xeet bi, melokaan gi, adrees bi, fi mu tollu ak ay bisu benn yégle, ñépp mën nañu leen gis (kàrt bi ak lim bi ci xët wu njëkk wi) ; nataal bi ak kàddu gi, mbootaay yi yor xeetu yégle bi ak njiiti jumtukaay bi rekk ñoo koy gis, te njiit yi rekk bu yégle bi ñu ko bañee.',
      followers:
        'Topp benn yégle ak kodam, walla wax « Man itam », dafay wone rekk fi mu tollu ak taariixam bu ñépp mën a gis : nataal bi, kàddu gi ak bataaxali mbootaay yi, jumtukaay bi ko yónni rekk lañuy dem.',
      push: 'Su nga ko taalee ci « Samay yégle », telefon bii dina jot ab xibaar bu mbootaay bindee la walla bu sa benn yégle soppee fi mu tollu (ñu ngi ciy liggéey, defar nañu ko, bañ nañu ko ak li ko waral, mu ngi xaar ba tey). Bind bi dafay jaar ci sériwiisu xibaar bu sa navigateur (Google, Mozilla, Apple walla Microsoft), te kenn manu koo jàng ; dara du la xamme, du tur, du nimero, te « Bul ma leen yónneeti » dafay far lépp ci serwëer bi.',
    },
    contactTitle: 'Bindal nu',
    contactText: 'Am nga ab laaj, ab xalaat walla ab jafe-jafe ci plateforme bi ? Bindal nu :',
    actionsTitle: 'Jëf',
    organizationText: 'Ndax yaa ngi teewal benn meeri, benn sérwiis walla benn mbootaay ?',
  },
  reasons: {
    filing: {
      descriptionTooShort: 'Waxal jafe-jafe bi ci lu ëpp 10 araf, walla nga dénc benn kàddu.',
      unknownCategory: 'Tànnal benn xeet ci lim bi.',
      invalidCoordinates: 'Bérabu yégle bi baaxul.',
      placeNotChosen:
        'Xamunu fu nga nekk : laal kaart bi walla diri màndarga bi ba fa jafe-jafe bi nekk, walla nangul bérab bi ñu wone.',
      photoType: 'Nataal bi war naa nekk JPEG, PNG walla WebP.',
      audioType: 'Kàddu gi war naa nekk WebM, Ogg, MP4 walla MP3.',
      audioEmpty: 'Kàddu gi amul baat. Dénc beneen kàddu.',
      audioTooLong: 'Kàddu gi warul ëpp 2 simili.',
      unknownDevice: 'Xamuñu jumtukaay bii. Jéemaatal : dinañu ko may beneen lim.',
      tooManyReports: 'Yónnee nga yégle yu bari ci diir bu gatt. Jéemaatal ci benn waxtu.',
      weakIdempotencyKey:
        'Caabi Idempotency-Key bi war naa nekk lu ñu tànn ci yàlla : benn UUID v4, walla 22 araf base64url lu mu gën a bari.',
      idempotencyKeyOfAnotherDevice:
        'Caabi bii jariñoo nañu ko ba noppi ci benn yégle bu beneen jumtukaay yónni.',
      alreadyReceived: 'Jot nañu yégle bii ba noppi. Seetal ko ci « Samay yégle » ci jumtukaay bi ko yónni.',
    },
    tracking: {
      notFound: 'Amul benn yégle bu am kod bii. Seetal 8 araf yi.',
      invalidCode: 'Kod bi am na 8 araf (araf ak siffar).',
      tooManyCodes: 'Jéem nga kod yu bari ci adrees bii. Jéemaatal ci benn waxtu.',
    },
    support: {
      notFound: 'Yégle bii amul walla amatul.',
      closed: 'Yégle bii defar nañu ko walla bañ nañu ko : mënatoo ko dimbali.',
      ownReport: 'Yaa ci boppam yónnee yégle bii.',
      alreadySupported: 'Dimbali nga yégle bii ba noppi.',
      tooMany: 'Dimbali nga yégle yu bari ci diir bu gatt. Jéemaatal ci benn waxtu.',
    },
    resolution: {
      notYours: 'Jumtukaay bi yónnee yégle bii rekk moo mën wax ndax defar nañu ko.',
      notResolved: 'Yégle bii bindeesuñu ko « Defar nañu ko » : amul dara lu ñuy dëggal.',
      alreadyConfirmed: 'Dëggal nga ba noppi ne jafe-jafe bii defar nañu ko.',
      alreadyReopened: 'Yégle bii ubbiwaat nañu ko benn yoon : mënatuñu koo ubbiwaat.',
      tooLate: '30 fan yi ngir ubbiwaat yégle bii jeex nañu.',
    },
  },
}
