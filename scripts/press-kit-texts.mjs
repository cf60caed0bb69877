// Texts of the press-kit documents (press release, speaker bios) in the five languages.
// Every fact comes in as `f` (formatted for the language by press-kit.mjs), never typed here.

/** @typedef {Record<string, string>} Facts */

export const TEXTS = {
  pl: {
    bios: 'Biogramy prelegentów',
    release: 'Informacja prasowa',
    dateline: (f) => `${f.orgCity}, ${f.releaseDate}`,
    title: (f) => `Kongres AI Polska 2025: ${f.speakers}+ prelegentów, expo i gale AI, na miejscu i online`,
    body: (f) => [
      `${f.date} w hali ${f.venue} (${f.city}) odbędzie się Kongres AI Polska: jednodniowe wydarzenie o sztucznej inteligencji, które łączy konferencję, warsztaty, expo i wieczorne gale. Równolegle kongres będzie dostępny w wirtualnej przestrzeni dla uczestników online.`,
      `Organizatorzy spodziewają się ${f.live}+ uczestników na miejscu i ${f.online}+ online. W programie znajdzie się ${f.speakers}+ prelegentów i ${f.workshops}+ warsztatów: praktycznych, technicznych i biznesowych. Na Expo AI swoje rozwiązania pokaże ${f.exhibitors}+ wystawców i ${f.startups}+ startupów.`,
      `Wieczór należy do gal: Miss AI i Mister AI, w których publiczność wybiera najlepsze wirtualne postacie stworzone przez AI, komediowego Roast AI oraz Prompt Awards, czyli nagród za najlepsze prompty i dzieła stworzone z pomocą AI w ${f.categories} kategoriach.`,
      `Uczestnicy spotkają się w strefach tematycznych, od biznesu, marketingu i edukacji po strefę dla dzieci, przy stołach networkingowych i w aplikacji do spotkań 1:1. Pełną listę prelegentów, wystawców, warsztatów i pokazów organizatorzy opublikują ${f.lists}.`,
      `Bilety online są dostępne od ${f.price} netto na stronie kongresu.`,
    ],
    factsTitle: 'W skrócie',
    facts: {
      date: 'Termin',
      venue: 'Miejsce',
      online: 'Online',
      onlineValue: 'wirtualna przestrzeń kongresu',
      website: 'Strona',
      press: 'Kontakt dla mediów',
    },
    aboutTitle: 'O organizatorze',
    about: (f) =>
      `Organizatorem kongresu jest ${f.organiser}, ${f.orgStreet}, ${f.orgPostalCode} ${f.orgCity}, NIP ${f.taxId}.`,
    biosTitle: 'Prelegenci Kongresu AI Polska 2025',
    biosIntro: (f) =>
      `Pierwsze osoby, które potwierdziły udział w kongresie (${f.date}, ${f.venue}, ${f.city} i online). Pełną listę prelegentów opublikujemy ${f.lists}.`,
    topics: 'Tematy',
    page: 'Strona',
  },
  'en-GB': {
    bios: 'Speaker bios',
    release: 'Press release',
    dateline: (f) => `${f.orgCity}, ${f.releaseDate}`,
    title: (f) => `Kongres AI Polska 2025: ${f.speakers}+ speakers, an AI expo and award galas, on site and online`,
    body: (f) => [
      `On ${f.date}, the ${f.venue} in ${f.city} hosts Kongres AI Polska: a one-day artificial intelligence event that brings together a conference, workshops, an expo and evening galas. The congress also runs in a virtual space for online participants.`,
      `The organisers expect ${f.live}+ participants on site and ${f.online}+ online. The programme features ${f.speakers}+ speakers and ${f.workshops}+ practical, technical and business workshops, while ${f.exhibitors}+ exhibitors and ${f.startups}+ start-ups present their solutions at the AI Expo.`,
      `The evening belongs to the galas: Miss AI and Mister AI, where the audience votes for the best AI-generated virtual characters, the comedy show Roast AI, and the Prompt Awards for the best prompts and AI-assisted works in ${f.categories} categories.`,
      `Participants meet in themed zones, from business, marketing and education to a zone for children, at the networking tables and through an app for 1:1 meetings. The organisers will publish the full list of speakers, exhibitors, workshops and demos on ${f.lists}.`,
      `Online tickets are available on the congress website from ${f.price} plus VAT.`,
    ],
    factsTitle: 'At a glance',
    facts: {
      date: 'Date',
      venue: 'Venue',
      online: 'Online',
      onlineValue: 'the congress virtual space',
      website: 'Website',
      press: 'Press contact',
    },
    aboutTitle: 'About the organiser',
    about: (f) =>
      `The congress is organised by ${f.organiser}, ${f.orgStreet}, ${f.orgPostalCode} ${f.orgCity}, Poland, tax ID (NIP) ${f.taxId}.`,
    biosTitle: 'Speakers at Kongres AI Polska 2025',
    biosIntro: (f) =>
      `The first confirmed speakers of the congress (${f.date}, ${f.venue}, ${f.city} and online). The full list of speakers will be published on ${f.lists}.`,
    topics: 'Topics',
    page: 'Page',
  },
  'en-US': {
    bios: 'Speaker bios',
    release: 'Press release',
    dateline: (f) => `${f.orgCity}, ${f.releaseDate}`,
    title: (f) => `Kongres AI Polska 2025: ${f.speakers}+ speakers, an AI expo and award galas, in person and online`,
    body: (f) => [
      `On ${f.date}, ${f.venue} in ${f.city} hosts Kongres AI Polska: a one-day artificial intelligence event that brings together a conference, workshops, an expo, and evening galas. The congress also runs in a virtual space for online attendees.`,
      `The organizers expect ${f.live}+ attendees in person and ${f.online}+ online. The program features ${f.speakers}+ speakers and ${f.workshops}+ hands-on, technical, and business workshops, while ${f.exhibitors}+ exhibitors and ${f.startups}+ startups present their solutions at the AI Expo.`,
      `The evening belongs to the galas: Miss AI and Mister AI, where the audience votes for the best AI-generated virtual characters, the comedy show Roast AI, and the Prompt Awards for the best prompts and AI-assisted works in ${f.categories} categories.`,
      `Attendees meet in themed zones, from business, marketing, and education to a zone for kids, at the networking tables, and through an app for 1:1 meetings. The organizers will publish the full list of speakers, exhibitors, workshops, and demos on ${f.lists}.`,
      `Online tickets are available on the congress website starting at ${f.price} plus VAT.`,
    ],
    factsTitle: 'At a glance',
    facts: {
      date: 'Date',
      venue: 'Venue',
      online: 'Online',
      onlineValue: 'the congress virtual space',
      website: 'Website',
      press: 'Media contact',
    },
    aboutTitle: 'About the organizer',
    about: (f) =>
      `The congress is organized by ${f.organiser}, ${f.orgStreet}, ${f.orgPostalCode} ${f.orgCity}, Poland, tax ID (NIP) ${f.taxId}.`,
    biosTitle: 'Speakers at Kongres AI Polska 2025',
    biosIntro: (f) =>
      `The first confirmed speakers of the congress (${f.date}, ${f.venue}, ${f.city}, and online). The full list of speakers will be published on ${f.lists}.`,
    topics: 'Topics',
    page: 'Page',
  },
  de: {
    bios: 'Speaker-Biografien',
    release: 'Pressemitteilung',
    dateline: (f) => `${f.orgCity}, ${f.releaseDate}`,
    title: (f) => `Kongres AI Polska 2025: ${f.speakers}+ Speaker, KI-Expo und Galas, vor Ort und online`,
    body: (f) => [
      `Am ${f.date} findet in der ${f.venue} in ${f.city} der Kongres AI Polska statt: eine eintägige Veranstaltung zur künstlichen Intelligenz, die Konferenz, Workshops, Expo und Abendgalas verbindet. Parallel ist der Kongress in einem virtuellen Raum für Online-Teilnehmende zugänglich.`,
      `Die Veranstalter erwarten ${f.live}+ Teilnehmende vor Ort und ${f.online}+ online. Auf dem Programm stehen ${f.speakers}+ Speaker und ${f.workshops}+ Workshops aus Praxis, Technik und Business; auf der KI-Expo präsentieren ${f.exhibitors}+ Aussteller und ${f.startups}+ Start-ups ihre Lösungen.`,
      `Der Abend gehört den Galas: Miss AI und Mister AI, bei denen das Publikum die besten KI-generierten virtuellen Figuren wählt, der Comedy-Show Roast AI und den Prompt Awards für die besten Prompts und KI-gestützten Werke in ${f.categories} Kategorien.`,
      `Die Teilnehmenden treffen sich in Themenzonen, von Business, Marketing und Bildung bis zu einer Zone für Kinder, an den Networking-Tischen und über eine App für 1:1-Gespräche. Die vollständige Liste der Speaker, Aussteller, Workshops und Vorführungen veröffentlichen die Veranstalter am ${f.lists}.`,
      `Online-Tickets sind auf der Kongress-Website ab ${f.price} netto erhältlich.`,
    ],
    factsTitle: 'Auf einen Blick',
    facts: {
      date: 'Datum',
      venue: 'Veranstaltungsort',
      online: 'Online',
      onlineValue: 'virtueller Kongressraum',
      website: 'Website',
      press: 'Pressekontakt',
    },
    aboutTitle: 'Über den Veranstalter',
    about: (f) =>
      `Veranstalter des Kongresses ist die ${f.organiser}, ${f.orgStreet}, ${f.orgPostalCode} ${f.orgCity}, Polen, Steuernummer (NIP) ${f.taxId}.`,
    biosTitle: 'Speaker des Kongres AI Polska 2025',
    biosIntro: (f) =>
      `Die ersten bestätigten Speaker des Kongresses (${f.date}, ${f.venue}, ${f.city} und online). Die vollständige Speakerliste veröffentlichen wir am ${f.lists}.`,
    topics: 'Themen',
    page: 'Seite',
  },
  es: {
    bios: 'Biografías de ponentes',
    release: 'Nota de prensa',
    dateline: (f) => `${f.orgCity}, ${f.releaseDate}`,
    title: (f) => `Kongres AI Polska 2025: más de ${f.speakers} ponentes, expo y galas de IA, presencial y online`,
    body: (f) => [
      `El ${f.date}, el ${f.venue} de ${f.city} acoge el Kongres AI Polska: un evento de un día sobre inteligencia artificial que reúne conferencias, talleres, una exposición y galas nocturnas. El congreso también se celebra en un espacio virtual para los participantes online.`,
      `La organización espera más de ${f.live} participantes presenciales y más de ${f.online} online. El programa incluye más de ${f.speakers} ponentes y más de ${f.workshops} talleres prácticos, técnicos y de negocio, y en la AI Expo más de ${f.exhibitors} expositores y ${f.startups} startups presentarán sus soluciones.`,
      `La noche es de las galas: Miss AI y Mister AI, en las que el público elige los mejores personajes virtuales creados con IA, el espectáculo de humor Roast AI y los Prompt Awards, que premian los mejores prompts y obras creadas con IA en ${f.categories} categorías.`,
      `Los participantes se encuentran en zonas temáticas, desde negocios, marketing y educación hasta una zona para niños, en las mesas de networking y en una aplicación para reuniones 1:1. La organización publicará la lista completa de ponentes, expositores, talleres y demostraciones el ${f.lists}.`,
      `Las entradas online están disponibles en la web del congreso desde ${f.price} más IVA.`,
    ],
    factsTitle: 'En resumen',
    facts: {
      date: 'Fecha',
      venue: 'Lugar',
      online: 'Online',
      onlineValue: 'espacio virtual del congreso',
      website: 'Web',
      press: 'Contacto de prensa',
    },
    aboutTitle: 'Sobre la organización',
    about: (f) =>
      `Organiza el congreso ${f.organiser}, ${f.orgStreet}, ${f.orgPostalCode} ${f.orgCity}, Polonia, NIF (NIP) ${f.taxId}.`,
    biosTitle: 'Ponentes del Kongres AI Polska 2025',
    biosIntro: (f) =>
      `Las primeras personas que han confirmado su participación en el congreso (${f.date}, ${f.venue}, ${f.city} y online). Publicaremos la lista completa de ponentes el ${f.lists}.`,
    topics: 'Temas',
    page: 'Página',
  },
};
