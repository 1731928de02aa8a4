"""
Every public call of the official Python client (textrazor.py, placed in
.clients/textrazor-python by scripts/clients/place-clients.mjs) against a
running `textlens serve`: the analysis with each option setter, every
accessor of every response object with its repr() and str(), and every
method of the dictionary, classifier and account managers.

Prints one JSON object: {"calls": [{"call", "ok", "error"}...]}. Written for
this suite; the client itself is not part of the repository.

    python3 python-calls.py CLIENT_DIR URL KEY
"""
import inspect
import json
import sys
import traceback

client_dir, url, key = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, client_dir)
import textrazor  # noqa: E402

calls = []


def call(name, fn):
    try:
        result = fn()
        calls.append({"call": name, "ok": True, "error": ""})
        return result
    except BaseException as e:  # the client raises BaseException subclasses
        calls.append({"call": name, "ok": False, "error": "%s: %s" % (type(e).__name__, str(e)[:400]), "trace": traceback.format_exc()[-800:]})
        return None


def connect(conn):
    conn.set_endpoint(url + "/")
    conn.set_secure_endpoint(url + "/")
    conn.set_do_encryption(False)
    return conn


def touch_all(kind, obj):
    """repr(), str() and every public property and no-argument method of obj."""
    call("%s repr" % kind, lambda: repr(obj))
    call("%s str" % kind, lambda: str(obj))
    for name in dir(obj):
        if name.startswith("_"):
            continue
        def get(name=name):
            value = getattr(obj, name)
            if inspect.ismethod(value) and len(inspect.signature(value).parameters) == 0:
                value = value()
            if inspect.isgenerator(value):
                value = list(value)
            return repr(value)
        call("%s.%s" % (kind, name), get)


TEXT = ("Barclays misled shareholders and the public about one of the biggest investments in the bank's history, "
        "a court in London heard on Monday. Angela Merkel visited Paris, where Apple opened a store.")
EXTRACTORS = ["entities", "topics", "words", "phrases", "dependency-trees", "relations", "entailments", "senses"]

client = connect(textrazor.TextRazor(key, extractors=EXTRACTORS))
client.set_do_compression(True)
response = call("TextRazor.analyze", lambda: client.analyze(TEXT))
if response is not None:
    touch_all("TextRazorResponse", response)
    for kind, items in [
        ("Entity", response.entities()), ("Topic", response.topics()), ("CoarseTopic", response.coarse_topics()),
        ("Word", list(response.words())), ("Entailment", response.entailments()), ("Relation", response.relations()),
        ("Property", response.properties()), ("NounPhrase", response.noun_phrases()), ("Sentence", response.sentences()),
    ]:
        call("%s list non-empty" % kind, lambda items=items, kind=kind: items[0] if items else (_ for _ in ()).throw(AssertionError("no " + kind)))
        for obj in items[:3]:
            touch_all(kind, obj)
    for rel in response.relations()[:2]:
        for param in rel.params:
            touch_all("RelationParam", param)

# Every option setter, then an analysis with all of them.
opts = connect(textrazor.TextRazor(key, extractors=["entities", "topics", "words"]))
call("set_extractors", lambda: opts.set_extractors(["entities", "topics", "words", "my_rule"]))
call("set_rules", lambda: opts.set_rules("my_rule(Id, Text) :- entity(Id, _, _, _, Text)."))
call("set_enrichment_queries", lambda: opts.set_enrichment_queries(["wikidata:P31"]))
call("set_language_override", lambda: opts.set_language_override("eng"))
call("set_do_cleanup_HTML", lambda: opts.set_do_cleanup_HTML(False))
call("set_cleanup_mode", lambda: opts.set_cleanup_mode("raw"))
call("set_cleanup_return_cleaned", lambda: opts.set_cleanup_return_cleaned(True))
call("set_cleanup_return_raw", lambda: opts.set_cleanup_return_raw(True))
call("set_cleanup_use_metadata", lambda: opts.set_cleanup_use_metadata(True))
call("set_download_user_agent", lambda: opts.set_download_user_agent("textlens-test"))
call("set_entity_allow_overlap", lambda: opts.set_entity_allow_overlap(True))
call("set_entity_dbpedia_type_filters", lambda: opts.set_entity_dbpedia_type_filters(["Person", "Place", "Company"]))
call("set_entity_freebase_type_filters", lambda: opts.set_entity_freebase_type_filters(["/people/person", "/location/location"]))
call("set_classifiers", lambda: opts.set_classifiers(["textrazor_mediatopics"]))
call("set_classifier_max_categories", lambda: opts.set_classifier_max_categories(5))
optioned = call("TextRazor.analyze with every option", lambda: opts.analyze(TEXT))
if optioned is not None:
    call("matching_rules", lambda: optioned.matching_rules() or (_ for _ in ()).throw(AssertionError("no matching rules")))
    call("response.<rule>", lambda: [repr(a) + str(a) for a in optioned.my_rule] or (_ for _ in ()).throw(AssertionError("no my_rule annotations")))
    call("categories", lambda: [repr(c.category_id) + repr(c.label) + repr(c.score) for c in optioned.categories()] or (_ for _ in ()).throw(AssertionError("no categories")))
    call("cleaned_text", lambda: optioned.cleaned_text)
    call("raw_text", lambda: optioned.raw_text)

# Errors reach the user readable.
def bad_request():
    try:
        connect(textrazor.TextRazor(key, extractors=["nope"])).analyze(TEXT)
    except textrazor.TextRazorAnalysisException as e:
        if "\\x1f\\x8b" in str(e) or "nope" not in str(e):
            raise AssertionError("unreadable error: " + str(e)[:200])
        return
    raise AssertionError("no error for an unknown extractor")
call("error message readable", bad_request)

# Dictionaries.
dm = connect(textrazor.DictionaryManager(key))
call("DictionaryManager.create_dictionary", lambda: dm.create_dictionary({"id": "py_people", "match_type": "token", "case_insensitive": True, "language": "eng"}))
call("DictionaryManager.all_dictionaries", lambda: [repr(d.id) for d in dm.all_dictionaries()])
call("DictionaryManager.get_dictionary", lambda: dm.get_dictionary("py_people").id)
call("DictionaryManager.add_entries", lambda: dm.add_entries("py_people", [{"id": "merkel", "text": "Angela Merkel", "data": {"party": ["CDU"]}}, {"id": "barclays", "text": "Barclays"}]))
call("DictionaryManager.all_entries", lambda: [e.text for e in dm.all_entries("py_people", limit=10).entries])
call("DictionaryManager.get_entry", lambda: dm.get_entry("py_people", "merkel").text)
dict_client = connect(textrazor.TextRazor(key, extractors=["entities"]))
dict_client.set_entity_dictionaries(["py_people"])
call("analyze with a stored dictionary", lambda: [e.custom_entity_id for e in dict_client.analyze(TEXT).entities() if e.custom_entity_id] or (_ for _ in ()).throw(AssertionError("no dictionary entity")))
call("DictionaryManager.delete_entry", lambda: dm.delete_entry("py_people", "barclays"))
call("DictionaryManager.delete_dictionary", lambda: dm.delete_dictionary("py_people"))

# Classifiers.
cm = connect(textrazor.ClassifierManager(key))
categories = [{"category_id": "1", "label": "Banking", "query": "or(concept('bank'),concept('finance'))"},
              {"category_id": "2", "label": "Politics", "query": "concept('politics')"}]
call("ClassifierManager.create_classifier", lambda: cm.create_classifier("py_classifier", categories))
call("ClassifierManager.create_classifier_with_csv", lambda: cm.create_classifier_with_csv("py_csv", "1,Banking,concept('bank')\n2,Politics,concept('politics')\n"))
call("ClassifierManager.all_categories", lambda: [c.label for c in cm.all_categories("py_classifier").categories])
call("ClassifierManager.get_category", lambda: cm.get_category("py_classifier", "1").label)
cls_client = connect(textrazor.TextRazor(key, extractors=["words"]))
cls_client.set_classifiers(["py_classifier"])
call("analyze with a stored classifier", lambda: [c.category_id for c in cls_client.analyze("The bank raised its interest rates and cut lending to finance firms.").categories() if c.classifier_id == "py_classifier"] or (_ for _ in ()).throw(AssertionError("no category")))
call("ClassifierManager.delete_category", lambda: cm.delete_category("py_classifier", "2"))
call("ClassifierManager.delete_classifier", lambda: cm.delete_classifier("py_classifier"))

# Account.
am = connect(textrazor.AccountManager(key))
account = call("AccountManager.get_account", lambda: am.get_account())
if account is not None:
    touch_all("Account", account)

print(json.dumps({"calls": calls}))
