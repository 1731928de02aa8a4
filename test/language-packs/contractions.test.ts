/**
 * A language pack's tokens: contractions as UD multiword tokens (each word
 * with the surface token's offsets), French elision split off, the English
 * tokenizer's clitic splits undone — and English exactly as before.
 */
import { describe, expect, it } from 'vitest';
import { Doc } from '../../src/doc/doc.js';
import { tokenize } from '../../src/doc/tokenize.js';
import { hasTokenRules, languageTokens } from '../../src/language-packs/contractions.js';
import { contractionFeatures, loadContractionModel, splitAmbiguous, type ContractionModel } from '../../src/language-packs/ambiguous-contractions.js';
import { fileLoader } from '../../src/resources/file-loader.js';

/** One sentence per text, tokens from the English tokenizer (what the segmenter starts from). */
function docOf(text: string): Doc {
  const spans = tokenize(text);
  return new Doc(text, spans, [spans.length]);
}

/** Each word as form@start-end, "+" when it joins the previous word. */
function words(text: string, language: string): string[] {
  const d = languageTokens(docOf(text), language);
  return d.tokens.map((t, i) => `${t}@${d.start[i]}-${d.end[i]}${d.joinsPrevious[i] ? '+' : ''}`);
}

describe('language tokens', () => {
  it('French: du, au, aux as de le, à le, à les; elision split off; capitals kept', () => {
    expect(words("L'enfant du village va au marché.", 'fra')).toEqual([
      "L'@0-2", 'enfant@2-8', 'de@9-11', 'le@9-11+', 'village@12-19', 'va@20-22', 'à@23-25', 'le@23-25+', 'marché@26-32', '.@32-33',
    ]);
    expect(words("Qu'il parle aux enfants. Du pain, aujourd'hui.", 'fra')).toEqual([
      "Qu'@0-3", 'il@3-5', 'parle@6-11', 'à@12-15', 'les@12-15+', 'enfants@16-23', '.@23-24', 'De@25-27', 'le@25-27+', 'pain@28-32', ',@32-33', "aujourd'hui@34-45", '.@45-46',
    ]);
    // Without the pack's model of ambiguous forms, "des" stays one word.
    expect(words('Il a des amis.', 'fra')).toEqual(['Il@0-2', 'a@3-4', 'des@5-8', 'amis@9-13', '.@13-14']);
  });

  it('Portuguese: do, da, no, na, às, pelo, dele, num', () => {
    expect(words('Saiu da casa do pai às dez, pelo rio, num barco dele.', 'por').join(' ')).toBe(
      'Saiu@0-4 de@5-7 a@5-7+ casa@8-12 de@13-15 o@13-15+ pai@16-19 a@20-22 as@20-22+ dez@23-26 ,@26-27 por@28-32 o@28-32+ rio@33-36 ,@36-37 em@38-41 um@38-41+ barco@42-47 de@48-52 ele@48-52+ .@52-53',
    );
    expect(words('No Brasil.', 'por')).toEqual(['Em@0-2', 'o@0-2+', 'Brasil@3-9', '.@9-10']);
  });

  it('Spanish: del, al', () => {
    expect(words('Voy al mercado del pueblo.', 'spa')).toEqual(['Voy@0-3', 'a@4-6', 'el@4-6+', 'mercado@7-14', 'de@15-18', 'el@15-18+', 'pueblo@19-25', '.@25-26']);
  });

  it('German: zum, zur, im, am, ins — "im" is not the English "I" + "m"', () => {
    expect(words('Im Sommer gehen wir zum See, zur Schule, ins Kino und am Abend heim.', 'deu').join(' ')).toBe(
      'In@0-2 dem@0-2+ Sommer@3-9 gehen@10-15 wir@16-19 zu@20-23 dem@20-23+ See@24-27 ,@27-28 zu@29-32 der@29-32+ Schule@33-39 ,@39-40 in@41-44 das@41-44+ Kino@45-49 und@50-53 an@54-56 dem@54-56+ Abend@57-62 heim@63-67 .@67-68',
    );
  });

  it('keeps sentence boundaries', () => {
    const text = 'Il va au parc. Elle vient du port.';
    const spans = tokenize(text);
    const d = languageTokens(new Doc(text, spans, [5, spans.length]), 'fra');
    expect(Array.from(d.sentEnd)).toEqual([6, 12]);
    expect(d.tokens.slice(6)).toEqual(['Elle', 'vient', 'de', 'le', 'port', '.']);
  });

  it('leaves English, and languages without rules, exactly as the tokenizer made them', () => {
    const text = "I don't think Bob's gonna go to the market du jour.";
    const doc = docOf(text);
    expect(languageTokens(doc, 'eng')).toBe(doc);
    expect(languageTokens(doc, 'ita')).toBe(doc);
    expect(hasTokenRules('eng')).toBe(false);
    expect(doc.tokens).toEqual(['I', 'do', "n't", 'think', 'Bob', "'s", 'gon', 'na', 'go', 'to', 'the', 'market', 'du', 'jour', '.']);
  });
});

describe('numbers, currencies, hours and glued sentences', () => {
  it('a decimal comma and a currency with its letters are one token in every pack language, a Portuguese hour too', () => {
    for (const lang of ['por', 'spa', 'fra', 'deu']) {
      expect(languageTokens(docOf('US$ 9,2 bilhões, R$ 1.430,00 às 19h.'), lang).tokens.filter((t) => /[0-9$]/.test(t))).toEqual(
        ['US$', '9,2', 'R$', '1.430,00', ...(lang === 'por' ? ['19h'] : ['19'])],
      );
    }
    // one decimal comma per number; a spaced comma stays a comma; English keeps its tokens
    expect(words('1,2,3 e 4 , 5', 'por')).toEqual(['1,2@0-3', ',@3-4', '3@4-5', 'e@6-7', '4@8-9', ',@10-11', '5@12-13']);
    expect(docOf('It cost US$ 9,2.').tokens).toContain('$');
  });

  it('cuts a sentence glued to the next without a space after its full stop, and ends the sentence there', () => {
    const d = languageTokens(docOf('Que o habita.O jornalista saiu.'), 'por');
    expect(d.tokens).toEqual(['Que', 'o', 'habita', '.', 'O', 'jornalista', 'saiu', '.']);
    expect(Array.from(d.sentEnd)).toEqual([4, 8]);
    // not an initial, not an abbreviation with its own full stop, not a lower-case word after the stop
    expect(languageTokens(docOf('O C.A. e o U.S e site.com.'), 'por').tokens).toEqual(['O', 'C.A.', 'e', 'o', 'U.S', 'e', 'site.com', '.']);
  });
});

describe('Portuguese pronouns after a hyphen', () => {
  it('are words of their own: enclisis, two pronouns, mesoclisis with the verb made whole', () => {
    expect(words('Trata-se de convencê-los.', 'por')).toEqual(['Trata@0-8', 'se@0-8+', 'de@9-11', 'convencê@12-24', 'los@12-24+', '.@24-25']);
    expect(languageTokens(docOf('Apresenta-se-lhe. Poder-se-á. Dir-lhe-ia. Torná-la-ia.'), 'por').tokens).toEqual([
      'Apresenta', 'se', 'lhe', '.', 'Poderá', 'se', '.', 'Diria', 'lhe', '.', 'Tornaria', 'la', '.',
    ]);
  });

  it('leaves hyphenated words that only look like them, and other languages, alone', () => {
    expect(languageTokens(docOf('O dia-a-dia em Entre-os-Rios e o guarda-chuva.'), 'por').tokens).toEqual([
      'O', 'dia-a-dia', 'em', 'Entre-os-Rios', 'e', 'o', 'guarda-chuva', '.',
    ]);
    expect(languageTokens(docOf('Trata-se.'), 'spa').tokens).toEqual(['Trata-se', '.']);
  });
});

describe('Spanish pronouns written onto a verb', () => {
  it('infinitives and gerunds with one or two pronouns, the added accent dropped, offsets of the whole word', () => {
    expect(words('Quiere darle el libro y quitárselas.', 'spa')).toEqual([
      'Quiere@0-6', 'darle@7-12', 'el@13-15', 'libro@16-21', 'y@22-23', 'quitárselas@24-35', '.@35-36',
    ].flatMap((w) => (w.startsWith('darle') ? ['dar@7-12', 'le@7-12+'] : w.startsWith('quitárselas') ? ['quitar@24-35', 'se@24-35+', 'las@24-35+'] : [w])));
    expect(languageTokens(docOf('Dándole vueltas, iba a reírse y a oírlo.'), 'spa').tokens).toEqual([
      'Dando', 'le', 'vueltas', ',', 'iba', 'a', 'reír', 'se', 'y', 'a', 'oír', 'lo', '.',
    ]);
  });

  it('leaves words that only end like them: names, nouns, adjectives, te/nos/os endings', () => {
    expect(languageTokens(docOf('Vio a Carlos y a Charles, firme y fuerte, con los primeros modernos.'), 'spa').tokens).toEqual([
      'Vio', 'a', 'Carlos', 'y', 'a', 'Charles', ',', 'firme', 'y', 'fuerte', ',', 'con', 'los', 'primeros', 'modernos', '.',
    ]);
    expect(languageTokens(docOf('Quiere darle.'), 'por').tokens).toEqual(['Quiere', 'darle', '.']);
  });
});

describe('French tokens the treebanks keep whole or cut their own way', () => {
  it('a-t-il is the verb and -t-il; l\'on, c\'est-à-dire, celui-ci stay whole; -là keeps its hyphen', () => {
    expect(languageTokens(docOf("A-t-il dit que l'on verra, c'est-à-dire celui-ci ce jour-là ?"), 'fra').tokens).toEqual([
      'A', '-t-il', 'dit', 'que', "l'on", 'verra', ',', "c'est-à-dire", 'celui-ci', 'ce', 'jour', '-là', '?',
    ]);
  });

  it('thousands written with a space are one token, spanning the space; a year before a number is not', () => {
    expect(words('De 80 000 à 1 250 000 en 2005 200 fois.', 'fra')).toEqual([
      'De@0-2', '80 000@3-9', 'à@10-11', '1 250 000@12-21', 'en@22-24', '2005@25-29', '200@30-33', 'fois@34-38', '.@38-39',
    ]);
    expect(languageTokens(docOf('De 80 000 pessoas.'), 'por').tokens).toEqual(['De', '80', '000', 'pessoas', '.']);
  });
});

describe('hyphenated words', () => {
  it('are one token, but a French inverted pronoun keeps its hyphen as a token of its own', () => {
    expect(words('Il viendra peut-être à Saint-Denis, dit-il.', 'fra')).toEqual([
      'Il@0-2', 'viendra@3-10', 'peut-être@11-20', 'à@21-22', 'Saint-Denis@23-34', ',@34-35', 'dit@36-39', '-il@39-42', '.@42-43',
    ]);
    expect(words('Der US-Präsident kommt.', 'deu')).toEqual(['Der@0-3', 'US-Präsident@4-16', 'kommt@17-22', '.@22-23']);
    // a spaced dash stays a token
    expect(words('Oui - non.', 'fra')).toEqual(['Oui@0-3', '-@4-5', 'non@6-9', '.@9-10']);
  });
});

describe('ambiguous contractions (a pack model decides by context)', () => {
  /** A hand-made model: "des" splits after a noun-like "fin", stays the article after "mange". */
  const model: ContractionModel = { forms: { des: { parts: ['de', 'les'], bias: 0.1, weights: { 'p1=fin': 2, 'p1=mange': -3 } } } };

  it('splits where the score is positive, keeps the word where it is not, ignores forms it does not know', () => {
    expect(splitAmbiguous(model, ['la', 'fin', 'des', 'travaux'], 2)).toEqual(['de', 'les']);
    expect(splitAmbiguous(model, ['il', 'mange', 'des', 'pommes'], 2)).toBeNull();
    expect(splitAmbiguous(model, ['il', 'mange', 'du', 'pain'], 2)).toBeUndefined();
  });

  it('reads the words either side, with sentence edges', () => {
    const f = contractionFeatures(['Des', 'amis'], 0);
    expect(f).toContain('p1=<s>');
    expect(f).toContain('n1=amis');
    expect(f).toContain('n2=</s>');
  });

  it('keeps offsets and case when the model splits', () => {
    const d = languageTokens(docOf('La fin Des travaux.'), 'fra', model);
    expect(d.tokens.map((t, i) => `${t}@${d.start[i]}-${d.end[i]}${d.joinsPrevious[i] ? '+' : ''}`)).toEqual([
      'La@0-2', 'fin@3-6', 'De@7-10', 'les@7-10+', 'travaux@11-18', '.@18-19',
    ]);
  });

  it("the shipped French model: de + les after a noun, the article after a verb", async () => {
    const shipped = await loadContractionModel(fileLoader(), 'fra');
    expect(shipped?.forms.des?.parts).toEqual(['de', 'les']);
    const w = (text: string) => languageTokens(docOf(text), 'fra', shipped).tokens;
    expect(w('À la fin des travaux, la rue rouvrira.')).toEqual(['À', 'la', 'fin', 'de', 'les', 'travaux', ',', 'la', 'rue', 'rouvrira', '.']);
    expect(w('Il mange des pommes.')).toEqual(['Il', 'mange', 'des', 'pommes', '.']);
    expect(await loadContractionModel(fileLoader(), 'deu')).toBeUndefined();
  });
});
