// The demo catalogue's category tree and the word lists product names are built from.
// Names are "<brand> <noun> <qualifier> <size>", so 100,000 products stay varied and deterministic.

export type UnitCode = 'ST' | 'KAR' | 'PAL' | 'M';
export type VariantKind = 'color' | 'glove' | 'shoe' | 'clothing';

export interface SubcategorySpec {
  slug: string;
  name: string;
  nameEn: string;
  nouns: readonly string[];
  qualifiers: readonly string[];
  sizes: readonly string[];
  /** Price range of one sales unit in cents. */
  price: readonly [number, number];
  unit: UnitCode;
  /** Pieces per carton or pallet when unit is KAR or PAL; ST products may also get a carton unit. */
  packs?: readonly number[];
  /** Some products are sold per pallet (PAL) instead of per piece. */
  pallets?: boolean;
  variants?: VariantKind;
  reducedVat?: boolean;
  attributes: Readonly<Record<string, readonly string[]>>;
}

export interface MainCategorySpec {
  slug: string;
  name: string;
  nameEn: string;
  color: string;
  subcategories: readonly SubcategorySpec[];
}

export const brands = [
  'Nordlicht',
  'Hansewerk',
  'Alpenkraft',
  'Brückner',
  'Weißhaupt Pro',
  'Großmann',
  'Fuchs & Söhne',
  'Elbtal',
  'Südstern',
  'Mühlberg',
  'Krämer Profi',
  'Lindner',
] as const;

export const variantOptions: Record<VariantKind, { attribute: string; options: readonly (readonly [string, string])[] }> = {
  color: {
    attribute: 'Farbe',
    options: [
      ['RT', 'Rot'],
      ['BL', 'Blau'],
      ['GN', 'Grün'],
      ['SW', 'Schwarz'],
      ['WS', 'Weiß'],
      ['GB', 'Gelb'],
      ['GR', 'Grau'],
      ['AN', 'Anthrazit'],
    ],
  },
  glove: { attribute: 'Größe', options: ['7', '8', '9', '10', '11'].map((s) => [`G${s.padStart(2, '0')}`, `Größe ${s}`] as const) },
  shoe: { attribute: 'Größe', options: ['39', '40', '41', '42', '43', '44', '45', '46'].map((s) => [s, `Größe ${s}`] as const) },
  clothing: { attribute: 'Größe', options: ['S', 'M', 'L', 'XL', 'XXL'].map((s) => [s, `Größe ${s}`] as const) },
};

export const descriptionSentences = [
  'Robust und langlebig für den täglichen Einsatz auf der Baustelle.',
  'Geprüfte Qualität nach den aktuellen DIN-Normen.',
  'Ideal für Handwerk, Industrie und anspruchsvolle Heimwerker.',
  'Lieferung in stabiler Verpackung, sortenrein gekennzeichnet.',
  'Größere Mengen liefern wir auf Anfrage auch als Palettenware.',
  'Hergestellt in Europa unter Einhaltung strenger Umweltstandards.',
  'Bewährt im professionellen Innen- und Außenbereich.',
  'Passendes Zubehör finden Sie in derselben Kategorie.',
] as const;

export const originCountries = ['Deutschland', 'Österreich', 'Italien', 'Polen', 'Tschechien', 'Schweden'] as const;

const material = ['Stahl verzinkt', 'Edelstahl A2', 'Edelstahl A4'] as const;

export const categoryTree: readonly MainCategorySpec[] = [
  {
    slug: 'werkzeug', name: 'Werkzeug', nameEn: 'Tools', color: '#c92a2a',
    subcategories: [
      { slug: 'handwerkzeug', name: 'Handwerkzeug', nameEn: 'Hand tools', unit: 'ST', price: [390, 4990],
        nouns: ['Schraubendreher', 'Maulschlüssel', 'Ringschlüssel', 'Kombizange', 'Seitenschneider', 'Schlosserhammer', 'Fäustel', 'Stechbeitel', 'Rohrzange', 'Wasserpumpenzange'],
        qualifiers: ['verchromt', 'mit Zweikomponentengriff', 'isoliert bis 1000 V', 'Profi', 'geschmiedet', 'rutschfest'],
        sizes: ['Größe 1', 'Größe 2', '8 mm', '10 mm', '13 mm', '17 mm', '250 mm', '300 g', '500 g'],
        attributes: { Material: ['Chrom-Vanadium-Stahl', 'Werkzeugstahl', 'Edelstahl'], Griff: ['Kunststoff', 'Zweikomponenten', 'Esche'] } },
      { slug: 'elektrowerkzeug', name: 'Elektrowerkzeug', nameEn: 'Power tools', unit: 'ST', price: [4990, 49900],
        nouns: ['Akku-Bohrschrauber', 'Schlagbohrmaschine', 'Winkelschleifer', 'Stichsäge', 'Handkreissäge', 'Exzenterschleifer', 'Bohrhammer', 'Akku-Schlagschrauber'],
        qualifiers: ['18 V', '12 V', 'bürstenlos', 'mit Koffer', 'Solo ohne Akku', 'mit 2 Akkus 4,0 Ah'],
        sizes: ['Modell 2027', 'Typ A', 'Typ B', 'Profi-Set', 'Kompakt'],
        attributes: { Spannung: ['12 V', '18 V', '230 V'], Gewicht: ['1,2 kg', '1,8 kg', '2,5 kg', '3,1 kg'] } },
      { slug: 'messwerkzeug', name: 'Messwerkzeug', nameEn: 'Measuring tools', unit: 'ST', price: [490, 29900],
        nouns: ['Wasserwaage', 'Gliedermaßstab', 'Rollmaßband', 'Laser-Entfernungsmesser', 'Messschieber', 'Winkelmesser', 'Kreuzlinienlaser', 'Anschlagwinkel'],
        qualifiers: ['Aluminium', 'magnetisch', 'Genauigkeitsklasse II', 'digital', 'stoßfest', 'Profi'],
        sizes: ['2 m', '3 m', '5 m', '8 m', '60 cm', '100 cm', '150 mm', '40 m'],
        attributes: { Genauigkeit: ['±0,5 mm/m', '±1 mm', '±2 mm'], Material: ['Aluminium', 'Kunststoff', 'Stahl'] } },
      { slug: 'werkzeugaufbewahrung', name: 'Werkzeugaufbewahrung', nameEn: 'Tool storage', unit: 'ST', price: [990, 39900], variants: 'color',
        nouns: ['Werkzeugkoffer', 'Werkzeugkiste', 'Sortimentskasten', 'Werkzeugtasche', 'Werkzeugwagen', 'Gürteltasche'],
        qualifiers: ['leer', 'bestückt', 'stapelbar', 'mit Rollen', 'wasserdicht', 'schlagfest'],
        sizes: ['Größe S', 'Größe M', 'Größe L', '44 cm', '52 cm', '5 Schubladen'],
        attributes: { Material: ['Kunststoff', 'Aluminium', 'Stahlblech', 'Nylon'] } },
      { slug: 'saegen-zubehoer', name: 'Sägen & Zubehör', nameEn: 'Saws & accessories', unit: 'ST', price: [290, 8990],
        nouns: ['Fuchsschwanz', 'Japansäge', 'Metallsägebogen', 'Stichsägeblatt', 'Kreissägeblatt', 'Bügelsäge', 'Lochsäge', 'Säbelsägeblatt'],
        qualifiers: ['für Holz', 'für Metall', 'HSS', 'Hartmetall', 'Feinschnitt', 'Grobzahnung'],
        sizes: ['Ø 160 mm', 'Ø 190 mm', 'Ø 68 mm', '300 mm', '450 mm', '5er-Pack'],
        attributes: { Zahnung: ['fein', 'mittel', 'grob'], Material: ['HSS', 'Hartmetall', 'Bimetall'] } },
    ],
  },
  {
    slug: 'befestigungstechnik', name: 'Befestigungstechnik', nameEn: 'Fixings', color: '#495057',
    subcategories: [
      { slug: 'schrauben', name: 'Schrauben', nameEn: 'Screws', unit: 'KAR', packs: [100, 200, 250, 500, 1000], price: [290, 4990],
        nouns: ['Holzschraube', 'Spanplattenschraube', 'Terrassenschraube', 'Fassadenschraube', 'Gipskartonschraube', 'Sechskantschraube', 'Zylinderschraube', 'Blechschraube', 'Stockschraube'],
        qualifiers: ['Senkkopf verzinkt', 'Senkkopf Edelstahl A2', 'Linsenkopf', 'Tellerkopf', 'Torx', 'Pozidriv', 'gelb verzinkt'],
        sizes: ['3,5 × 30 mm', '4,0 × 40 mm', '4,5 × 50 mm', '5,0 × 60 mm', '5,0 × 80 mm', '6,0 × 100 mm', 'M8 × 40', 'M10 × 60'],
        attributes: { Material: material, Antrieb: ['Torx', 'Pozidriv', 'Kreuzschlitz', 'Innensechskant'], Länge: ['30 mm', '40 mm', '50 mm', '60 mm', '80 mm', '100 mm'] } },
      { slug: 'duebel', name: 'Dübel', nameEn: 'Wall plugs', unit: 'KAR', packs: [50, 100, 200], price: [190, 3990],
        nouns: ['Spreizdübel', 'Universaldübel', 'Hohlraumdübel', 'Rahmendübel', 'Schwerlastanker', 'Gipskartondübel', 'Nageldübel'],
        qualifiers: ['Nylon', 'Stahl', 'mit Schraube', 'für Beton', 'für Porenbeton', 'selbstbohrend'],
        sizes: ['6 × 30 mm', '8 × 40 mm', '10 × 50 mm', '10 × 80 mm', '12 × 60 mm', 'M8'],
        attributes: { Material: ['Nylon', 'Polyamid', 'Stahl verzinkt'], Untergrund: ['Beton', 'Mauerwerk', 'Gipskarton', 'Porenbeton'] } },
      { slug: 'naegel', name: 'Nägel', nameEn: 'Nails', unit: 'KAR', packs: [250, 500, 1000, 2500], price: [290, 2990],
        nouns: ['Drahtstift', 'Dachpappstift', 'Schraubnagel', 'Rillennagel', 'Stauchkopfnagel', 'Kammnagel', 'Coilnagel'],
        qualifiers: ['blank', 'verzinkt', 'feuerverzinkt', 'Edelstahl', 'gerillt'],
        sizes: ['1,4 × 25 mm', '2,0 × 40 mm', '2,5 × 55 mm', '3,1 × 80 mm', '3,4 × 90 mm', '4,0 × 100 mm'],
        attributes: { Material: ['Stahl blank', 'Stahl verzinkt', 'Edelstahl A2'] } },
      { slug: 'muttern-scheiben', name: 'Muttern & Scheiben', nameEn: 'Nuts & washers', unit: 'KAR', packs: [100, 200, 500], price: [190, 2490],
        nouns: ['Sechskantmutter', 'Hutmutter', 'Flügelmutter', 'Unterlegscheibe', 'Federring', 'Sicherungsmutter', 'Karosseriescheibe'],
        qualifiers: ['verzinkt', 'Edelstahl A2', 'Edelstahl A4', 'DIN 934', 'DIN 125', 'selbstsichernd'],
        sizes: ['M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16'],
        attributes: { Material: material, Norm: ['DIN 934', 'DIN 125', 'DIN 985', 'DIN 9021'] } },
      { slug: 'montagekleber', name: 'Kleber & Dichtstoffe', nameEn: 'Adhesives & sealants', unit: 'ST', packs: [12, 20], price: [290, 1990], variants: 'color',
        nouns: ['Montagekleber', 'Konstruktionskleber', 'Sanitärsilikon', 'Acryl-Dichtstoff', 'PU-Schaum', 'Sekundenkleber', 'Holzleim'],
        qualifiers: ['transparent', 'lösemittelfrei', 'schnellhärtend', 'wasserfest D3', 'für innen und außen'],
        sizes: ['20 g', '290 ml', '310 ml', '500 ml', '750 ml', '1 kg'],
        attributes: { Basis: ['Silikon', 'Acryl', 'Polyurethan', 'MS-Polymer'] } },
    ],
  },
  {
    slug: 'elektro', name: 'Elektro', nameEn: 'Electrical', color: '#f08c00',
    subcategories: [
      { slug: 'kabel-leitungen', name: 'Kabel & Leitungen', nameEn: 'Cables & wires', unit: 'M', price: [49, 990],
        nouns: ['Mantelleitung NYM-J', 'Gummischlauchleitung', 'Erdkabel NYY-J', 'Aderleitung H07V-K', 'Steuerleitung', 'Netzwerkkabel Cat.7', 'Lautsprecherkabel'],
        qualifiers: ['3 × 1,5 mm²', '5 × 1,5 mm²', '3 × 2,5 mm²', '5 × 2,5 mm²', '1 × 6 mm²', '4 × 0,75 mm²'],
        sizes: ['Meterware', 'Ring 50 m', 'Ring 100 m', 'Trommel 500 m'],
        attributes: { Querschnitt: ['1,5 mm²', '2,5 mm²', '6 mm²'], Mantel: ['PVC', 'Gummi', 'halogenfrei'] } },
      { slug: 'schalter-steckdosen', name: 'Schalter & Steckdosen', nameEn: 'Switches & sockets', unit: 'ST', packs: [10, 20], price: [290, 4990], variants: 'color',
        nouns: ['Schuko-Steckdose', 'Wechselschalter', 'Serienschalter', 'Tastschalter', 'Doppelsteckdose', 'Abdeckrahmen', 'Drehdimmer', 'Bewegungsmelder'],
        qualifiers: ['Unterputz', 'Aufputz', 'IP44', 'Feuchtraum', 'mit Klappdeckel'],
        sizes: ['1-fach', '2-fach', '3-fach', '4-fach'],
        attributes: { Montage: ['Unterputz', 'Aufputz'], Schutzart: ['IP20', 'IP44', 'IP54'] } },
      { slug: 'leuchtmittel', name: 'Leuchtmittel', nameEn: 'Lamps', unit: 'ST', packs: [10], price: [199, 3990],
        nouns: ['LED-Lampe', 'LED-Röhre', 'LED-Strahler', 'LED-Panel', 'Halogenlampe', 'LED-Filament-Lampe'],
        qualifiers: ['E27', 'E14', 'GU10', 'G13', 'warmweiß 2700 K', 'neutralweiß 4000 K', 'dimmbar'],
        sizes: ['5 W', '7 W', '9 W', '12 W', '18 W', '36 W'],
        attributes: { Sockel: ['E27', 'E14', 'GU10', 'G13'], Lichtfarbe: ['2700 K', '3000 K', '4000 K', '6500 K'] } },
      { slug: 'installationsmaterial', name: 'Installationsmaterial', nameEn: 'Installation material', unit: 'KAR', packs: [10, 25, 50, 100], price: [99, 2490],
        nouns: ['Abzweigdose', 'Verbindungsklemme', 'Kabelbinder', 'Installationsrohr', 'Kabelkanal', 'Schalterdose', 'Isolierband', 'Hebelklemme'],
        qualifiers: ['grau', 'schwarz', 'halogenfrei', 'UV-beständig', 'flexibel', 'selbstverlöschend'],
        sizes: ['Ø 16 mm', 'Ø 20 mm', 'Ø 25 mm', '3-polig', '5-polig', '200 mm', '300 mm'],
        attributes: { Material: ['Polyamid', 'PVC', 'Polypropylen'] } },
    ],
  },
  {
    slug: 'sanitaer', name: 'Sanitär', nameEn: 'Plumbing', color: '#1971c2',
    subcategories: [
      { slug: 'armaturen', name: 'Armaturen', nameEn: 'Taps & fittings', unit: 'ST', price: [1490, 29900], variants: 'color',
        nouns: ['Einhebelmischer', 'Waschtischarmatur', 'Küchenarmatur', 'Brausethermostat', 'Wandarmatur', 'Eckventil', 'Spültischarmatur'],
        qualifiers: ['verchromt', 'Edelstahl gebürstet', 'mit Zugauszug', 'Niederdruck', 'wassersparend'],
        sizes: ['DN 15', '1/2 Zoll', '3/8 Zoll', 'hoher Auslauf', 'flacher Auslauf'],
        attributes: { Oberfläche: ['Chrom', 'Edelstahl', 'Schwarz matt'], Anschluss: ['1/2 Zoll', '3/8 Zoll'] } },
      { slug: 'rohre-fittings', name: 'Rohre & Fittings', nameEn: 'Pipes & fittings', unit: 'ST', packs: [10, 25], price: [149, 4990],
        nouns: ['Kupferrohr', 'Mehrschichtverbundrohr', 'Pressfitting', 'Lötfitting', 'Winkel 90°', 'T-Stück', 'Muffe', 'Reduzierstück', 'HT-Rohr', 'KG-Rohr'],
        qualifiers: ['Kupfer', 'Rotguss', 'Messing', 'PP', 'PVC', 'verzinkt'],
        sizes: ['15 mm', '18 mm', '22 mm', '28 mm', 'DN 50', 'DN 100', 'DN 110'],
        attributes: { Werkstoff: ['Kupfer', 'Messing', 'Polypropylen', 'PVC'] } },
      { slug: 'badkeramik', name: 'Badkeramik', nameEn: 'Bathroom ceramics', unit: 'ST', price: [4990, 39900],
        nouns: ['Wand-WC', 'Waschtisch', 'Handwaschbecken', 'Urinal', 'Bidet', 'Stand-WC'],
        qualifiers: ['spülrandlos', 'weiß', 'mit Beschichtung', 'Tiefspüler', 'wandhängend'],
        sizes: ['45 cm', '50 cm', '55 cm', '60 cm', '80 cm'],
        attributes: { Farbe: ['Weiß', 'Pergamon', 'Manhattan'], Material: ['Keramik', 'Mineralguss'] } },
      { slug: 'dichtungen', name: 'Dichtungen', nameEn: 'Seals', unit: 'KAR', packs: [10, 50, 100], price: [99, 1490],
        nouns: ['Flachdichtung', 'O-Ring', 'Dichtband', 'Gewindedichtfaden', 'Dichtungshanf', 'Fiberdichtung', 'Gummidichtung'],
        qualifiers: ['EPDM', 'NBR', 'Fiber', 'PTFE', 'trinkwassergeeignet'],
        sizes: ['1/2 Zoll', '3/4 Zoll', '1 Zoll', '12 m', '50 m', '80 g'],
        attributes: { Werkstoff: ['EPDM', 'NBR', 'PTFE', 'Fiber'] } },
    ],
  },
  {
    slug: 'farben-lacke', name: 'Farben & Lacke', nameEn: 'Paints & varnishes', color: '#ae3ec9',
    subcategories: [
      { slug: 'wandfarben', name: 'Wandfarben', nameEn: 'Wall paints', unit: 'ST', pallets: true, packs: [48, 60], price: [990, 8990], variants: 'color',
        nouns: ['Innendispersion', 'Fassadenfarbe', 'Latexfarbe', 'Silikatfarbe', 'Tiefengrund', 'Kalkfarbe'],
        qualifiers: ['matt', 'seidenmatt', 'Deckkraft Klasse 1', 'scheuerbeständig', 'konservierungsmittelfrei'],
        sizes: ['2,5 l', '5 l', '10 l', '12,5 l'],
        attributes: { Glanzgrad: ['matt', 'seidenmatt', 'seidenglänzend'], Deckkraft: ['Klasse 1', 'Klasse 2'] } },
      { slug: 'lacke-lasuren', name: 'Lacke & Lasuren', nameEn: 'Varnishes & glazes', unit: 'ST', packs: [6, 12], price: [590, 5990], variants: 'color',
        nouns: ['Acryllack', 'Kunstharzlack', 'Holzlasur', 'Dickschichtlasur', 'Metallschutzlack', 'Heizkörperlack', 'Klarlack', 'Holzöl'],
        qualifiers: ['seidenglänzend', 'hochglänzend', 'matt', 'wasserbasiert', 'lösemittelhaltig'],
        sizes: ['125 ml', '375 ml', '750 ml', '2,5 l', '5 l'],
        attributes: { Basis: ['Acryl', 'Alkydharz', 'Öl'], Glanzgrad: ['matt', 'seidenglänzend', 'hochglänzend'] } },
      { slug: 'pinsel-rollen', name: 'Pinsel & Rollen', nameEn: 'Brushes & rollers', unit: 'ST', packs: [10, 12], price: [149, 1990],
        nouns: ['Flachpinsel', 'Ringpinsel', 'Heizkörperpinsel', 'Farbroller', 'Lackierrolle', 'Teleskopstange', 'Abstreifgitter', 'Farbwanne'],
        qualifiers: ['Naturborste', 'Synthetik', 'Mikrofaser', 'Schaumstoff', 'Profi'],
        sizes: ['25 mm', '50 mm', '70 mm', '10 cm', '18 cm', '25 cm'],
        attributes: { Material: ['Naturborste', 'Synthetik', 'Mikrofaser', 'Polyacryl'] } },
      { slug: 'abdeckmaterial', name: 'Abdeckmaterial', nameEn: 'Masking & covering', unit: 'KAR', packs: [6, 12, 24], price: [390, 4990],
        nouns: ['Abdeckfolie', 'Malerkrepp', 'Abdeckvlies', 'Schutzpapier', 'Gewebeband', 'Kantenschutz'],
        qualifiers: ['extra stark', 'UV-beständig', 'rutschfest', 'selbstklebend', 'reißfest'],
        sizes: ['4 × 5 m', '4 × 12,5 m', '25 m', '50 m', '19 mm × 50 m', '38 mm × 50 m'],
        attributes: { Material: ['Polyethylen', 'Papier', 'Vlies', 'Gewebe'] } },
    ],
  },
  {
    slug: 'arbeitsschutz', name: 'Arbeitsschutz', nameEn: 'Safety & workwear', color: '#e8590c',
    subcategories: [
      { slug: 'handschuhe', name: 'Handschuhe', nameEn: 'Gloves', unit: 'ST', packs: [12, 120], price: [99, 2490], variants: 'glove',
        nouns: ['Montagehandschuh', 'Nitrilhandschuh', 'Schnittschutzhandschuh', 'Lederhandschuh', 'Kälteschutzhandschuh', 'Einweghandschuh'],
        qualifiers: ['EN 388', 'puderfrei', 'beschichtet', 'gefüttert', 'touchscreenfähig'],
        sizes: ['1 Paar', '12 Paar', '100 Stück'],
        attributes: { Schutzklasse: ['EN 388 4121', 'EN 388 4X42C', 'EN 374'], Material: ['Nitril', 'Leder', 'Latex', 'Polyester'] } },
      { slug: 'schutzbrillen', name: 'Schutzbrillen', nameEn: 'Safety glasses', unit: 'ST', packs: [10], price: [290, 3990],
        nouns: ['Schutzbrille', 'Vollsichtbrille', 'Überbrille', 'Schweißerschutzbrille', 'Gesichtsschutzschirm'],
        qualifiers: ['klar', 'getönt', 'beschlagfrei', 'kratzfest', 'mit Seitenschutz'],
        sizes: ['EN 166', 'EN 170', 'EN 172'],
        attributes: { Scheibe: ['Polycarbonat', 'Acetat'], Tönung: ['klar', 'grau', 'gelb'] } },
      { slug: 'gehoerschutz', name: 'Gehörschutz', nameEn: 'Hearing protection', unit: 'ST', packs: [50, 200], price: [49, 6990],
        nouns: ['Kapselgehörschutz', 'Gehörschutzstöpsel', 'Bügelgehörschutz', 'Gehörschutz mit Radio'],
        qualifiers: ['SNR 28 dB', 'SNR 32 dB', 'SNR 37 dB', 'faltbar', 'wiederverwendbar'],
        sizes: ['1 Paar', '50 Paar', '200 Paar', 'Spenderbox'],
        attributes: { Dämmwert: ['SNR 28 dB', 'SNR 32 dB', 'SNR 37 dB'] } },
      { slug: 'sicherheitsschuhe', name: 'Sicherheitsschuhe', nameEn: 'Safety shoes', unit: 'ST', price: [3990, 14900], variants: 'shoe',
        nouns: ['Sicherheitshalbschuh', 'Sicherheitsstiefel', 'Sicherheitssandale', 'Winterstiefel'],
        qualifiers: ['S1P', 'S3', 'S3 SRC', 'ESD', 'wasserdicht', 'metallfrei'],
        sizes: ['Modell Nord', 'Modell Süd', 'Modell Alpin', 'Modell Hafen'],
        attributes: { Schutzklasse: ['S1P', 'S3', 'S3 SRC'], Obermaterial: ['Leder', 'Textil', 'Mikrofaser'] } },
      { slug: 'arbeitskleidung', name: 'Arbeitskleidung', nameEn: 'Workwear', unit: 'ST', price: [990, 8990], variants: 'clothing',
        nouns: ['Arbeitshose', 'Latzhose', 'Warnschutzjacke', 'Softshelljacke', 'Arbeitsweste', 'Fleecejacke', 'T-Shirt'],
        qualifiers: ['Baumwolle', 'Mischgewebe', 'EN ISO 20471', 'wasserabweisend', 'mit Kniepolstertaschen'],
        sizes: ['Classic', 'Stretch', 'Winter', 'Sommer'],
        attributes: { Material: ['Baumwolle', '65 % Polyester / 35 % Baumwolle', 'Softshell'], Farbe: ['Grau', 'Marine', 'Warngelb', 'Schwarz'] } },
    ],
  },
  {
    slug: 'gartenbedarf', name: 'Gartenbedarf', nameEn: 'Garden', color: '#2f9e44',
    subcategories: [
      { slug: 'gartengeraete', name: 'Gartengeräte', nameEn: 'Garden tools', unit: 'ST', price: [990, 14900],
        nouns: ['Spaten', 'Schaufel', 'Rechen', 'Gartenschere', 'Astschere', 'Heckenschere', 'Laubbesen', 'Grabegabel', 'Schubkarre'],
        qualifiers: ['Eschenstiel', 'Fiberglasstiel', 'gehärtet', 'ergonomisch', 'mit D-Griff'],
        sizes: ['Profi', 'Standard', 'Kompakt', '100 l'],
        attributes: { Stiel: ['Esche', 'Fiberglas', 'Aluminium'] } },
      { slug: 'bewaesserung', name: 'Bewässerung', nameEn: 'Watering', unit: 'ST', price: [290, 9990], variants: 'color',
        nouns: ['Gartenschlauch', 'Schlauchtrommel', 'Rasensprenger', 'Schlauchkupplung', 'Gartenbrause', 'Regentonne', 'Tropfschlauch'],
        qualifiers: ['knickfest', 'UV-beständig', 'frostsicher', 'mit Aquastop', 'verstellbar'],
        sizes: ['1/2 Zoll', '3/4 Zoll', '20 m', '25 m', '50 m', '300 l'],
        attributes: { Material: ['PVC', 'Kunststoff', 'Messing'] } },
      { slug: 'pflanzgefaesse', name: 'Pflanzgefäße', nameEn: 'Planters', unit: 'ST', price: [290, 14900], variants: 'color',
        nouns: ['Pflanzkübel', 'Blumenkasten', 'Pflanzschale', 'Hochbeet', 'Anzuchtschale'],
        qualifiers: ['Terrakotta-Optik', 'Kunststoff', 'frostfest', 'mit Wasserspeicher', 'Lärchenholz'],
        sizes: ['Ø 30 cm', 'Ø 40 cm', 'Ø 50 cm', '60 cm', '80 cm', '100 cm'],
        attributes: { Material: ['Kunststoff', 'Ton', 'Holz', 'Fiberglas'] } },
      { slug: 'rasen-saatgut', name: 'Rasen & Saatgut', nameEn: 'Lawn & seeds', unit: 'ST', pallets: true, packs: [40, 60], price: [199, 3990], reducedVat: true,
        nouns: ['Rasensamen', 'Rasendünger', 'Blumenzwiebeln', 'Pflanzerde', 'Rindenmulch', 'Kräutersamen'],
        qualifiers: ['Sport und Spiel', 'Schattenrasen', 'Langzeitwirkung', 'torffrei', 'Bio'],
        sizes: ['1 kg', '2,5 kg', '10 kg', '20 l', '40 l', '70 l'],
        attributes: { Inhalt: ['1 kg', '2,5 kg', '10 kg', '40 l'] } },
    ],
  },
  {
    slug: 'baustoffe', name: 'Baustoffe', nameEn: 'Building materials', color: '#846358',
    subcategories: [
      { slug: 'zement-moertel', name: 'Zement & Mörtel', nameEn: 'Cement & mortar', unit: 'ST', pallets: true, packs: [40, 42, 48], price: [349, 2490],
        nouns: ['Portlandzement', 'Mauermörtel', 'Fliesenkleber', 'Estrichbeton', 'Putzmörtel', 'Schnellzement', 'Fugenmörtel'],
        qualifiers: ['CEM I 42,5 R', 'frostsicher', 'flexibel', 'grau', 'weiß'],
        sizes: ['5 kg', '25 kg', '30 kg', '40 kg'],
        attributes: { Gebinde: ['Sack', 'Eimer'], Festigkeit: ['42,5 R', '32,5 R', 'M 10'] } },
      { slug: 'daemmstoffe', name: 'Dämmstoffe', nameEn: 'Insulation', unit: 'ST', pallets: true, packs: [12, 24], price: [990, 8990],
        nouns: ['Mineralwolle', 'Glaswolle', 'Steinwolle-Platte', 'EPS-Dämmplatte', 'XPS-Platte', 'Holzfaserdämmplatte', 'Trittschalldämmung'],
        qualifiers: ['WLG 035', 'WLG 032', 'WLG 040', 'kaschiert', 'nicht brennbar A1'],
        sizes: ['50 mm', '80 mm', '100 mm', '120 mm', '160 mm'],
        attributes: { Wärmeleitgruppe: ['WLG 032', 'WLG 035', 'WLG 040'], Brandklasse: ['A1', 'B1', 'E'] } },
      { slug: 'trockenbau', name: 'Trockenbau', nameEn: 'Drywall', unit: 'ST', pallets: true, packs: [50, 60], price: [149, 2990],
        nouns: ['Gipskartonplatte', 'Gipsfaserplatte', 'CW-Profil', 'UW-Profil', 'Spachtelmasse', 'Fugendeckstreifen', 'Eckschutzschiene'],
        qualifiers: ['imprägniert', 'Feuerschutz', 'Standard', 'verzinkt', 'Akustik'],
        sizes: ['12,5 mm', '15 mm', '50 mm', '75 mm', '100 mm', '2,60 m', '3,00 m', '5 kg'],
        attributes: { Plattentyp: ['GKB', 'GKBI', 'GKF'], Kante: ['HRAK', 'AK', 'VK'] } },
      { slug: 'holz-platten', name: 'Holz & Platten', nameEn: 'Timber & boards', unit: 'ST', pallets: true, packs: [20, 40], price: [290, 8990],
        nouns: ['OSB-Platte', 'Spanplatte', 'Sperrholzplatte', 'Konstruktionsvollholz', 'Dachlatte', 'Rahmenholz', 'MDF-Platte', 'Siebdruckplatte'],
        qualifiers: ['Fichte', 'Kiefer', 'Buche', 'gehobelt', 'sägerau', 'Nut und Feder'],
        sizes: ['12 mm', '18 mm', '22 mm', '25 mm', '24 × 48 mm', '60 × 80 mm', '2500 × 1250 mm', '4,0 m'],
        attributes: { Holzart: ['Fichte', 'Kiefer', 'Buche', 'Pappel'], Oberfläche: ['roh', 'geschliffen', 'gehobelt'] } },
    ],
  },
];

/** The deal category (is_deal 1, no parent) and a deactivated subcategory for old stock. */
export const dealCategory = { slug: 'angebote', name: 'Angebote', nameEn: 'Special offers' } as const;
export const inactiveCategory = { slug: 'auslaufartikel', name: 'Auslaufartikel', nameEn: 'Discontinued', parentSlug: 'werkzeug' } as const;

export const salesUnits: readonly { code: UnitCode; name: string; nameEn: string }[] = [
  { code: 'ST', name: 'Stück', nameEn: 'Piece' },
  { code: 'KAR', name: 'Karton', nameEn: 'Carton' },
  { code: 'PAL', name: 'Palette', nameEn: 'Pallet' },
  { code: 'M', name: 'Meter', nameEn: 'Metre' },
];
