<?php
/*
 * Every public call of the official PHP client (TextRazor.php, placed in
 * .clients/textrazor-php by scripts/clients/place-clients.mjs) against a
 * running `textlens serve`: the analysis with each option setter, the fields
 * its documentation's loops read from every annotation, and every method of
 * the dictionary, classifier and account managers.
 *
 * Prints one JSON object: {"calls": [{"call", "ok", "error"}...]}. Written for
 * this suite; the client itself is not part of the repository.
 *
 *     php php-calls.php CLIENT_DIR URL KEY
 */
[$script, $clientDir, $url, $key] = $argv;
require_once $clientDir . '/TextRazor.php';

// Undefined keys are warnings in PHP; a client user sees them, so they count as failures.
set_error_handler(function ($severity, $message) { throw new ErrorException($message, 0, $severity); });

$calls = [];
function call($name, $fn) {
    global $calls;
    try {
        $result = $fn();
        $calls[] = ['call' => $name, 'ok' => true, 'error' => ''];
        return $result;
    } catch (Throwable $e) {
        $calls[] = ['call' => $name, 'ok' => false, 'error' => get_class($e) . ': ' . substr($e->getMessage(), 0, 400)];
        return null;
    }
}
function must($ok, $what) { if (!$ok) throw new Exception($what); }

TextRazorSettings::setApiKey($key);
TextRazorSettings::setEndPoint($url);
TextRazorSettings::setSecureEndPoint($url);
TextRazorSettings::setEnableEncryption(false);
TextRazorSettings::setEnableCompression(true);

$text = "Barclays misled shareholders and the public about one of the biggest investments in the bank's history, "
      . "a court in London heard on Monday. Angela Merkel visited Paris, where Apple opened a store.";

/** The fields each annotation list's items carry, as the PHP reference's examples read them. */
$fields = [
    'entities' => ['id', 'entityId', 'entityEnglishId', 'confidenceScore', 'relevanceScore', 'type', 'freebaseTypes', 'freebaseId', 'wikidataId', 'wikiLink', 'matchedText', 'matchingTokens', 'startingPos', 'endingPos', 'data'],
    'topics' => ['id', 'label', 'score', 'wikiLink', 'wikidataId'],
    'coarseTopics' => ['id', 'label', 'score', 'wikiLink'],
    'entailments' => ['id', 'wordPositions', 'entailedTree', 'priorScore', 'contextScore', 'score'],
    'relations' => ['id', 'wordPositions', 'params'],
    'properties' => ['id', 'wordPositions', 'propertyPositions'],
    'nounPhrases' => ['id', 'wordPositions'],
    'sentences' => ['position', 'words'],
];
$wordFields = ['position', 'startingPos', 'endingPos', 'stem', 'lemma', 'token', 'partOfSpeech', 'parentPosition', 'relationToParent', 'senses'];

$textrazor = new TextRazor();
foreach (['entities', 'topics', 'words', 'phrases', 'dependency-trees', 'relations', 'entailments', 'senses'] as $x) $textrazor->addExtractor($x);
$response = call('TextRazor.analyze', function () use ($textrazor, $text) { return $textrazor->analyze($text); });
if ($response !== null) {
    call('response ok', function () use ($response) { must($response['ok'] === true, 'ok is not true'); });
    foreach ($fields as $list => $names) {
        call("$list present", function () use ($response, $list) { must(!empty($response['response'][$list]), "no $list"); });
        foreach (array_slice($response['response'][$list] ?? [], 0, 5) as $i => $item) {
            foreach ($names as $f) {
                // 'parentPosition'-like optional fields aside, every documented field must be there.
                call("$list.$f", function () use ($item, $f) { return $item[$f]; });
            }
        }
    }
    foreach ($response['response']['sentences'] ?? [] as $sentence) {
        foreach (array_slice($sentence['words'], 0, 4) as $word) {
            foreach ($wordFields as $f) {
                if ($f === 'parentPosition' || $f === 'relationToParent') continue; // absent at the root, as documented
                call("word.$f", function () use ($word, $f) { return $word[$f]; });
            }
        }
    }
    // The README's loop.
    call('README entity loop', function () use ($response) {
        $out = '';
        foreach ($response['response']['entities'] as $entity) $out .= $entity['entityId'] . PHP_EOL;
        must($out !== '', 'nothing printed');
    });
}

$opts = new TextRazor();
call('setExtractors', function () use ($opts) { $opts->setExtractors(['entities', 'topics', 'words', 'my_rule']); });
call('setRules', function () use ($opts) { $opts->setRules('my_rule(Id, Text) :- entity(Id, _, _, _, Text).'); });
call('setCleanupHTML', function () use ($opts) { $opts->setCleanupHTML(false); });
call('setLanguageOverride', function () use ($opts) { $opts->setLanguageOverride('eng'); });
call('setAllowOverlap', function () use ($opts) { $opts->setAllowOverlap(true); });
call('addDbpediaTypeFilter', function () use ($opts) { $opts->addDbpediaTypeFilter('Person'); $opts->addDbpediaTypeFilter('Company'); $opts->addDbpediaTypeFilter('Place'); });
call('addFreebaseTypeFilter', function () use ($opts) { $opts->addFreebaseTypeFilter('/people/person'); });
call('addEnrichmentQuery', function () use ($opts) { $opts->addEnrichmentQuery('wikidata:P31'); });
call('setCleanupMode', function () use ($opts) { $opts->setCleanupMode('raw'); });
call('setCleanupReturnCleaned', function () use ($opts) { $opts->setCleanupReturnCleaned(true); });
call('setCleanupReturnRaw', function () use ($opts) { $opts->setCleanupReturnRaw(true); });
call('setCleanupUseMetadata', function () use ($opts) { $opts->setCleanupUseMetadata(true); });
call('setDownloadUserAgent', function () use ($opts) { $opts->setDownloadUserAgent('textlens-test'); });
call('setClassifiers', function () use ($opts) { $opts->setClassifiers(['textrazor_mediatopics']); });
call('addClassifier', function () use ($opts) { $opts->addClassifier('textlens_mediatopics'); });
call('setClassifierMaxCategories', function () use ($opts) { $opts->setClassifierMaxCategories(5); });
$optioned = call('TextRazor.analyze with every option', function () use ($opts, $text) { return $opts->analyze($text); });
if ($optioned !== null) {
    call('customAnnotations', function () use ($optioned) { must(!empty($optioned['response']['customAnnotations']), 'no customAnnotations'); });
    call('categories', function () use ($optioned) { must(!empty($optioned['response']['categories']), 'no categories'); });
    call('cleanedText', function () use ($optioned) { return $optioned['response']['cleanedText']; });
}
call('error message readable', function () use ($text) {
    $bad = new TextRazor();
    $bad->addExtractor('nope');
    try { $bad->analyze($text); } catch (Exception $e) { must(strpos($e->getMessage(), 'nope') !== false, 'unreadable: ' . $e->getMessage()); return; }
    throw new Exception('no error for an unknown extractor');
});

$dm = new DictionaryManager();
call('DictionaryManager.createDictionary', function () use ($dm) { return $dm->createDictionary('php_people', 'STEM', true, 'eng'); });
call('DictionaryManager.allDictionaries', function () use ($dm) { must(count($dm->allDictionaries()['dictionaries']) > 0, 'none'); });
call('DictionaryManager.getDictionary', function () use ($dm) { return $dm->getDictionary('php_people')['response']['id']; });
call('DictionaryManager.addEntries', function () use ($dm) { return $dm->addEntries('php_people', [['id' => 'merkel', 'text' => 'Angela Merkel', 'data' => ['party' => ['CDU']]], ['id' => 'barclays', 'text' => 'Barclays']]); });
call('DictionaryManager.allEntries', function () use ($dm) { must(count($dm->allEntries('php_people', 10, 0)['response']['entries']) === 2, 'not 2 entries'); });
call('DictionaryManager.getEntry', function () use ($dm) { return $dm->getEntry('php_people', 'merkel')['response']['text']; });
call('analyze with a stored dictionary', function () use ($text) {
    $t = new TextRazor();
    $t->addExtractor('entities');
    $t->addEntityDictionary('php_people');
    $r = $t->analyze($text);
    must(count(array_filter($r['response']['entities'], function ($e) { return isset($e['customEntityId']); })) > 0, 'no dictionary entity');
});
call('DictionaryManager.deleteEntry', function () use ($dm) { return $dm->deleteEntry('php_people', 'barclays'); });
call('DictionaryManager.deleteDictionary', function () use ($dm) { return $dm->deleteDictionary('php_people'); });

$cm = new ClassifierManager();
$categories = [['categoryId' => '1', 'label' => 'Banking', 'query' => "or(concept('bank'),concept('finance'))"], ['categoryId' => '2', 'label' => 'Politics', 'query' => "concept('politics')"]];
call('ClassifierManager.createClassifier', function () use ($cm, $categories) { return $cm->createClassifier('php_classifier', $categories); });
call('ClassifierManager.createClassifierWithCSV', function () use ($cm) { return $cm->createClassifierWithCSV('php_csv', "1,Banking,concept('bank')\n2,Politics,concept('politics')\n"); });
call('ClassifierManager.allCategories', function () use ($cm) { return $cm->allCategories('php_classifier')['response']['categories']; });
call('ClassifierManager.getCategory', function () use ($cm) { return $cm->getCategory('php_classifier', '1')['response']['label']; });
call('analyze with a stored classifier', function () {
    $t = new TextRazor();
    $t->addExtractor('words');
    $t->addClassifier('php_classifier');
    $r = $t->analyze('The bank raised its interest rates and cut lending to finance firms.');
    must(count(array_filter($r['response']['categories'] ?? [], function ($c) { return $c['classifierId'] === 'php_classifier'; })) > 0, 'no category');
});
call('ClassifierManager.deleteCategory', function () use ($cm) { return $cm->deleteCategory('php_classifier', '2'); });
call('ClassifierManager.deleteClassifier', function () use ($cm) { return $cm->deleteClassifier('php_classifier'); });

$am = new AccountManager();
$account = call('AccountManager.getAccount', function () use ($am) { return $am->getAccount(); });
foreach (['plan', 'concurrentRequestLimit', 'concurrentRequestsUsed', 'planDailyRequestsIncluded', 'requestsUsedToday'] as $f) {
    call("Account.$f", function () use ($account, $f) { return $account['response'][$f]; });
}

echo json_encode(['calls' => $calls]), "\n";
