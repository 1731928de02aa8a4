# Every public call of the `textrazor` Ruby gem (andhapp/textrazor at its pull
# request #10, placed in .clients/textrazor-ruby by
# scripts/clients/place-clients.mjs) against a running `textlens serve`: the
# analysis with each request option, every reader of every response object,
# the class-level shortcuts and the dictionary calls.
#
# The gem has no setting for its endpoint (it always builds
# api.textrazor.com), so this script points Configuration#url at the server;
# nothing else of the gem is changed.
#
# Prints one JSON object: {"calls": [{"call", "ok", "error"}...]}. Written for
# this suite; the gem itself is not part of the repository.
#
#     ruby ruby-calls.rb CLIENT_DIR URL KEY
require 'json'

client_dir, url, key = ARGV
$LOAD_PATH.unshift(File.join(client_dir, 'lib'))
require 'textrazor'

TextRazor::Configuration.send(:define_method, :url) { url }

$calls = []
def call(name)
  result = yield
  $calls << { call: name, ok: true, error: '' }
  result
rescue StandardError, ScriptError => e
  message = e.respond_to?(:response) && e.response ? "#{e.message}: #{e.response.body}" : e.message
  $calls << { call: name, ok: false, error: "#{e.class}: #{message.to_s[0, 400]}" }
  nil
end

def must(ok, what)
  raise what unless ok
end

# inspect/to_s and every public reader the object's own class defines.
def touch_all(kind, obj)
  call("#{kind} inspect") { obj.inspect }
  call("#{kind} to_s") { obj.to_s }
  (obj.class.public_instance_methods(false) - [:initialize_params]).sort.each do |m|
    next unless obj.method(m).arity.zero?
    call("#{kind}.#{m}") { obj.public_send(m).inspect }
  end
end

TEXT = "Barclays misled shareholders and the public about one of the biggest investments in the bank's history, " \
       'a court in London heard on Monday. Angela Merkel visited Paris, where Apple opened a store.'

client = TextRazor::Client.new(key)
response = call('Client#analyse') { client.analyse(TEXT) }
if response
  touch_all('Response', response)
  { 'Entity' => :entities, 'Topic' => :topics, 'CoarseTopic' => :coarse_topics, 'Word' => :words, 'Phrase' => :phrases,
    'Entailment' => :entailments, 'Relation' => :relations, 'Property' => :properties, 'Sentence' => :sentences }.each do |kind, reader|
    items = call("#{kind} list non-empty") { response.public_send(reader).tap { |l| must(l && !l.empty?, "no #{kind}") } }
    (items || []).first(3).each { |item| touch_all(kind, item) }
  end
  (call('relations') { response.relations } || []).first(2).each { |r| (r.relation_params || []).each { |p| touch_all('RelationParam', p) } }
end

options = {
  extractors: %w[entities topics words], cleanup_mode: 'raw', cleanup_return_cleaned: true, cleanup_return_raw: true,
  language: 'eng', filter_dbpedia_types: %w[Person Place Company], filter_freebase_types: ['/people/person'],
  allow_overlap: true, enrichment_queries: ['wikidata:P31'], classifiers: ['textrazor_mediatopics'],
  rules: 'my_rule(Id, Text) :- entity(Id, _, _, _, Text).'
}
optioned = call('Client#analyse with every option') { TextRazor::Client.new(key, options).analyse(TEXT) }
if optioned
  call('categories') { must(!optioned.categories.empty?, 'no categories') }
  call('cleaned_text') { optioned.cleaned_text }
end

%i[topics coarse_topics entities words phrases categories].each do |shortcut|
  call("Client.#{shortcut}") { TextRazor::Client.public_send(shortcut, key, TEXT, classifiers: ['textrazor_mediatopics']).inspect }
end
%i[topics entities words phrases].each do |shortcut|
  call("TextRazor.#{shortcut}") { TextRazor.public_send(shortcut, key, TEXT).inspect }
end

call('Client#create_dictionary') { client.create_dictionary('rb_people', match_type: 'token', case_insensitive: true, language: 'eng') }
call('Client#create_dictionary_entries') do
  client.create_dictionary_entries('rb_people', [{ id: 'merkel', text: 'Angela Merkel', data: { party: ['CDU'] } }, { id: 'barclays', text: 'Barclays' }])
end
call('Client#get_dictionary_entries') { must(client.get_dictionary_entries('rb_people', limit: 10).map(&:text).length == 2, 'not 2 entries') }
call('analyse with a stored dictionary') do
  r = TextRazor::Client.new(key, extractors: ['entities'], dictionaries: ['rb_people']).analyse(TEXT)
  must(r.entities.any? { |e| e.entity_id == 'Angela Merkel' || e.data }, 'no dictionary entity')
end
call('Client#delete_dictionary_entry') { client.delete_dictionary_entry('rb_people', 'barclays') }
call('Client#delete_dictionary') { client.delete_dictionary('rb_people') }

puts JSON.generate(calls: $calls)
