/**
 * Icelandic words an attacker tries first at an Icelandic customer's passphrase, for the strength estimator
 * (common/passphrase-estimator.ts): its own dictionaries are English and international, so without these
 * `reykjavik2026!!!` or `guðrún1985` would read as random letters. Each list runs roughly from the most common on,
 * since the estimator counts a word's guesses by its place in its list. Written as people type them (lowercase, with
 * Icelandic letters); the estimator adds each one's form without accents (`reykjavik`, `gudrun`, `thordur`).
 *
 * A small list of our own, not a dictionary of the language: a word that is not here is measured as letters.
 */

const words = (...lines: string[]): readonly string[] => lines.join(' ').split(' ');

/** First names, women's and men's, and the patronymics of the most common (roughly as Hagstofa counts them). */
export const ICELANDIC_NAMES = words(
  'jón guðrún sigurður anna guðmundur kristín gunnar sigríður ólafur margrét einar helga kristján',
  'sigrún magnús ingibjörg stefán maría jóhann guðný björn katrín árni elín helgi hildur páll jóhanna',
  'þórður ragnheiður gísli erla davíð ásta baldur auður bjarni birna daníel bryndís egill eva guðbjörg',
  'friðrik hrafnhildur gylfi inga halldór jórunn haraldur karen hjalti lilja hörður rakel ingólfur sara',
  'jakob sólveig karl steinunn kári thelma ragnar unnur sveinn valgerður þorsteinn þóra þór þórunn aron',
  'arna alexander embla benedikt freyja emil hannes iðunn ísak katla kristófer saga óskar sunna',
  'róbert tinna viktor vigdís ari ásdís atli dagný jónsson jónsdóttir sigurðsson sigurðardóttir',
  'guðmundsson guðmundsdóttir gunnarsson gunnarsdóttir ólafsson ólafsdóttir einarsson einarsdóttir',
  'kristjánsson kristjánsdóttir magnússon magnúsdóttir stefánsson stefánsdóttir jóhannsson',
  'jóhannsdóttir björnsson björnsdóttir',
);

/** Places: the country, towns, parts of Reykjavík, sights, and the football clubs named after them or not. */
export const ICELANDIC_PLACES = words(
  'ísland iceland reykjavík akureyri kópavogur hafnarfjörður garðabær mosfellsbær keflavík reykjanesbær',
  'selfoss akranes ísafjörður egilsstaðir húsavík vestmannaeyjar eyjar borgarnes sauðárkrókur',
  'hveragerði grindavík siglufjörður dalvík stykkishólmur höfn neskaupstaður seyðisfjörður hella vík',
  'breiðholt grafarvogur vesturbær hlíðar laugardalur þingvellir gullfoss geysir hekla esja snæfellsnes',
  'vatnajökull eyjafjörður skagafjörður vestfirðir austfirðir suðurland norðurland reykjanes mývatn',
  'jökulsárlón valur breiðablik stjarnan víkingur fylkir þróttur grótta haukar fram',
);

/**
 * Common words: what people put in a password (love, family, pets, the weather, football, food), the months, the
 * days and the seasons, numbers, and the Icelandic for password itself.
 */
export const ICELANDIC_WORDS = words(
  'lykilorð lykilord aðgangsorð leyniorð leyndó leyndarmál ég elska þig ást ástin elskan mamma pabbi',
  'amma afi bróðir systir barn börn kisa köttur hundur voffi hestur kind kýr fugl lundi sól sumar vetur',
  'vor haust snjór rigning vindur norðurljós fjall jökull eldfjall sjór haf fiskur bátur hús heima',
  'heimili bíll kaffi bjór pylsa skyr kleina kleinur fótbolti handbolti golf gaman glaður góður gott',
  'takk halló hæ bless já nei og með minn mín mitt þinn ár dagur nótt morgunn kvöld janúar febrúar mars',
  'apríl maí júní júlí ágúst september október nóvember desember mánudagur þriðjudagur miðvikudagur',
  'fimmtudagur föstudagur laugardagur sunnudagur jól páskar þjóðhátíð einn tveir þrír fjórir fimm sex',
  'sjö átta níu tíu hundrað þúsund banki peningar greiðsla veski tölva sími vinna skóli vinur vinkona',
  'gluggi hurð borð stóll bók blóm tré steinn eldur vatn loft jörð himinn stjarna tungl ský rauður blár',
  'grænn gulur svartur hvítur',
);
