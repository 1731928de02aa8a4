import com.textrazor.TextRazor;
import com.textrazor.account.AccountManager;
import com.textrazor.annotations.AnalyzedText;
import com.textrazor.classifier.ClassifierManager;
import com.textrazor.classifier.model.Category;
import com.textrazor.dictionary.DictionaryManager;
import com.textrazor.dictionary.model.Dictionary;
import com.textrazor.dictionary.model.DictionaryEntry;
import com.textrazor.net.TextRazorConnection;

import java.io.File;
import java.io.FileWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every public call of the official Java client (its released jar, placed in
 * .clients/textrazor-java by scripts/clients/place-clients.mjs) against a
 * running `textlens serve`: the analysis with each option setter, every
 * getter of every response object (walked by reflection) with its toString(),
 * and every method of the dictionary, classifier and account managers.
 *
 * Prints one JSON object: {"calls": [{"call", "ok", "error"}...]}. Written for
 * this suite; the client itself is not part of the repository.
 *
 *     java -cp JAR:JACKSON:. JavaCalls URL KEY
 */
public class JavaCalls {
    interface Call { Object run() throws Exception; }

    static final List<String> out = new ArrayList<>();

    static Object call(String name, Call c) {
        try {
            Object r = c.run();
            out.add(entry(name, true, ""));
            return r;
        } catch (Throwable e) {
            Throwable t = e instanceof InvocationTargetException ? e.getCause() : e;
            out.add(entry(name, false, t.getClass().getSimpleName() + ": " + t.getMessage()));
            return null;
        }
    }

    static String entry(String name, boolean ok, String error) {
        return "{\"call\":" + json(name) + ",\"ok\":" + ok + ",\"error\":" + json(error == null ? "" : error.length() > 400 ? error.substring(0, 400) : error) + "}";
    }

    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') b.append('\\').append(ch);
            else if (ch < 0x20) b.append(String.format("\\u%04x", (int) ch));
            else b.append(ch);
        }
        return b.append('"').toString();
    }

    static <T extends TextRazorConnection> T connect(T c, String url) {
        c.setDoEncryption(false);
        c.setTextrazorEndpoint(url + "/");
        c.setSecureTextrazorEndpoint(url + "/");
        return c;
    }

    /** toString() and every public getter of a client object, then the client objects they return. */
    static void walk(Object o, int depth, IdentityHashMap<Object, Boolean> seen) {
        if (o == null || depth > 4 || seen.containsKey(o)) return;
        seen.put(o, true);
        String kind = o.getClass().getSimpleName();
        call(kind + ".toString", () -> String.valueOf(o));
        Method[] methods = o.getClass().getMethods();
        Arrays.sort(methods, (a, b) -> a.getName().compareTo(b.getName()));
        for (Method m : methods) {
            if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class) continue;
            if (!(m.getName().startsWith("get") || m.getName().startsWith("is"))) continue;
            Object value = call(kind + "." + m.getName(), () -> m.invoke(o));
            if (value instanceof Collection) {
                int n = 0;
                for (Object item : (Collection<?>) value) if (n++ < 3 && isClientObject(item)) walk(item, depth + 1, seen);
            } else if (value instanceof Map) {
                for (Object item : ((Map<?, ?>) value).values()) if (isClientObject(item)) walk(item, depth + 1, seen);
            } else if (isClientObject(value)) {
                walk(value, depth + 1, seen);
            }
        }
    }

    static boolean isClientObject(Object o) {
        return o != null && o.getClass().getName().startsWith("com.textrazor.");
    }

    static void require(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }

    public static void main(String[] args) throws Exception {
        String url = args[0], key = args[1];
        String text = "Barclays misled shareholders and the public about one of the biggest investments in the bank's history, "
                + "a court in London heard on Monday. Angela Merkel visited Paris, where Apple opened a store.";

        TextRazor client = connect(new TextRazor(key), url);
        for (String x : new String[] {"entities", "topics", "words", "phrases", "dependency-trees", "relations", "entailments", "senses"}) client.addExtractor(x);
        AnalyzedText analyzed = (AnalyzedText) call("TextRazor.analyze", () -> client.analyze(text));
        if (analyzed != null) {
            walk(analyzed, 0, new IdentityHashMap<>());
            call("entities non-empty", () -> { require(!analyzed.getResponse().getEntities().isEmpty(), "no entities"); return null; });
            call("topics non-empty", () -> { require(!analyzed.getResponse().getTopics().isEmpty(), "no topics"); return null; });
            call("words linked to entities", () -> { require(analyzed.getResponse().getEntities().get(0).getMatchingWords().size() > 0, "no words"); return null; });
        }

        TextRazor opts = connect(new TextRazor(key), url);
        call("setExtractors", () -> { opts.setExtractors(new ArrayList<>(Arrays.asList("entities", "topics", "words", "my_rule"))); return null; });
        call("setRules", () -> { opts.setRules("my_rule(Id, Text) :- entity(Id, _, _, _, Text)."); return null; });
        call("setLanguageOverride", () -> { opts.setLanguageOverride("eng"); return null; });
        call("setCleanupHTML", () -> { opts.setCleanupHTML(false); return null; });
        call("setCleanupMode", () -> { opts.setCleanupMode("raw"); return null; });
        call("setCleanupReturnCleaned", () -> { opts.setCleanupReturnCleaned(true); return null; });
        call("setCleanupReturnRaw", () -> { opts.setCleanupReturnRaw(true); return null; });
        call("setCleanupUseMetadata", () -> { opts.setCleanupUseMetadata(true); return null; });
        call("setDownloadUserAgent", () -> { opts.setDownloadUserAgent("textlens-test"); return null; });
        call("setAllowOverlap", () -> { opts.setAllowOverlap(true); return null; });
        call("setDbpediaTypeFilters", () -> { opts.setDbpediaTypeFilters(Arrays.asList("Person", "Place", "Company")); return null; });
        call("setFreebaseTypeFilters", () -> { opts.setFreebaseTypeFilters(Arrays.asList("/people/person", "/location/location")); return null; });
        call("setClassifiers", () -> { opts.setClassifiers(Arrays.asList("textrazor_mediatopics")); return null; });
        call("setMaxCategories", () -> { opts.setMaxCategories(5); return null; });
        AnalyzedText optioned = (AnalyzedText) call("TextRazor.analyze with every option", () -> opts.analyze(text));
        if (optioned != null) {
            walk(optioned, 0, new IdentityHashMap<>());
            call("getCustomAnnotations non-empty", () -> { require(!optioned.getResponse().getCustomAnnotations().isEmpty(), "no custom annotations"); return null; });
            call("getCategories non-empty", () -> { require(!optioned.getResponse().getCategories().isEmpty(), "no categories"); return null; });
        }
        call("error message readable", () -> {
            TextRazor bad = connect(new TextRazor(key), url);
            bad.addExtractor("nope");
            try {
                bad.analyze(text);
            } catch (Exception e) {
                require(String.valueOf(e.getMessage()).contains("nope"), "unreadable error: " + e.getMessage());
                return null;
            }
            throw new AssertionError("no error for an unknown extractor");
        });

        DictionaryManager dm = connect(new DictionaryManager(key), url);
        call("DictionaryManager.createDictionary", () -> dm.createDictionary(Dictionary.builder().setId("java_people").setMatchType("token").setCaseInsensitive(true).setLanguage("eng").build()));
        call("DictionaryManager.allDictionaries", () -> { walk(dm.allDictionaries(), 0, new IdentityHashMap<>()); return null; });
        call("DictionaryManager.getDictionary", () -> { walk(dm.getDictionary("java_people"), 0, new IdentityHashMap<>()); return null; });
        call("DictionaryManager.addEntries", () -> dm.addEntries("java_people", Arrays.asList(
                DictionaryEntry.builder().setId("merkel").setText("Angela Merkel").addData("party", Arrays.asList("CDU")).build(),
                DictionaryEntry.builder().setId("barclays").setText("Barclays").build())));
        call("DictionaryManager.allEntries", () -> { walk(dm.allEntries("java_people", 10, 0), 0, new IdentityHashMap<>()); return null; });
        call("DictionaryManager.getEntry", () -> { walk(dm.getEntry("java_people", "merkel"), 0, new IdentityHashMap<>()); return null; });
        TextRazor withDictionary = connect(new TextRazor(key), url);
        withDictionary.addExtractor("entities");
        withDictionary.setEntityDictionaries(Arrays.asList("java_people"));
        call("analyze with a stored dictionary", () -> {
            AnalyzedText r = withDictionary.analyze(text);
            require(r.getResponse().getEntities().stream().anyMatch(e -> e.getCustomEntityId() != null && !e.getCustomEntityId().isEmpty()), "no dictionary entity");
            return null;
        });
        call("DictionaryManager.deleteEntry", () -> dm.deleteEntry("java_people", "barclays"));
        call("DictionaryManager.deleteDictionary", () -> dm.deleteDictionary("java_people"));

        ClassifierManager cm = connect(new ClassifierManager(key), url);
        call("ClassifierManager.createClassifier", () -> cm.createClassifier("java_classifier", Arrays.asList(
                Category.builder().setCategoryId("1").setLabel("Banking").setQuery("or(concept('bank'),concept('finance'))").build(),
                Category.builder().setCategoryId("2").setLabel("Politics").setQuery("concept('politics')").build())));
        File csv = File.createTempFile("categories", ".csv");
        try (FileWriter w = new FileWriter(csv)) { w.write("1,Banking,concept('bank')\n2,Politics,concept('politics')\n"); }
        call("ClassifierManager.createClassifierWithCSV", () -> cm.createClassifierWithCSV("java_csv", csv.getPath()));
        call("ClassifierManager.allCategories", () -> { walk(cm.allCategories("java_classifier"), 0, new IdentityHashMap<>()); return null; });
        call("ClassifierManager.getCategory", () -> { walk(cm.getCategory("java_classifier", "1"), 0, new IdentityHashMap<>()); return null; });
        TextRazor withClassifier = connect(new TextRazor(key), url);
        withClassifier.addExtractor("words");
        withClassifier.setClassifiers(Arrays.asList("java_classifier"));
        call("analyze with a stored classifier", () -> {
            AnalyzedText r = withClassifier.analyze("The bank raised its interest rates and cut lending to finance firms.");
            require(r.getResponse().getCategories().stream().anyMatch(c -> "java_classifier".equals(c.getClassifierId())), "no category");
            return null;
        });
        call("ClassifierManager.deleteCategory", () -> cm.deleteCategory("java_classifier", "2"));
        call("ClassifierManager.deleteClassifier", () -> cm.deleteClassifier("java_classifier"));

        AccountManager am = connect(new AccountManager(key), url);
        call("AccountManager.getAccount", () -> { walk(am.getAccount(), 0, new IdentityHashMap<>()); return null; });

        System.out.println("{\"calls\":[" + String.join(",", out) + "]}");
    }
}
